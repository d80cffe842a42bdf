import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { DeferredDropdown } from './DeferredDropdown';

// The admin menu's Dropdown arrives after the page (docs/performance.md): a click before its code is
// in must still open the menu, and the menu must work as antd's own once it is.

const ITEMS = [
  { key: 'first', label: 'First item' },
  { key: 'second', label: 'Second item' },
];

function Menu({ onChoose }: { onChoose: (key: string) => void }) {
  return (
    <DeferredDropdown
      trigger={['click']}
      autoFocus
      menu={{ items: ITEMS, onClick: ({ key }) => onChoose(key) }}
    >
      <Button>Open the menu</Button>
    </DeferredDropdown>
  );
}

describe('DeferredDropdown', () => {
  it('opens on the first click, before its code was fetched, and closes when an item is chosen', async () => {
    const chosen: string[] = [];
    render(<Menu onChoose={(key) => chosen.push(key)} />);
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Second item' }));

    expect(chosen).toEqual(['second']);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('once the code is in, a new trigger opens and closes the menu as antd does', async () => {
    render(<Menu onChoose={() => undefined} />);
    const trigger = screen.getByRole('button', { name: 'Open the menu' });

    await userEvent.click(trigger);
    await screen.findByRole('menuitem', { name: 'First item' });
    await userEvent.click(screen.getByRole('button', { name: 'Open the menu' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
