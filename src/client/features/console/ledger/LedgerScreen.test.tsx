import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { API_PATHS } from '../../../../contract/api';
import type { LedgerPage } from '../../../../contract/ledger';
import { createFakeServices, ok } from '../../../../testing/client/fakeServices';
import { sampleCharge } from '../../../../testing/sampleAnswers';
import { makeConsoleStore } from '../consoleStore';
import { LedgerScreen } from './LedgerScreen';

// The ledger screen (docs/reseller-console.md, The ledger) as staff see and use it.

/** antd's table and form render slowly in jsdom on a loaded machine. */
jest.setTimeout(30_000);

const ROW: LedgerPage['rows'][number] = {
  id: '7',
  at: '2030-01-10T12:00:00.000Z',
  customerId: 'C0globex01',
  customerDomain: 'globex.example',
  kind: 'licences',
  state: 'failed',
  actor: 'admin@globex.example',
  requestId: 'req-1',
  skuName: 'Google Workspace Business Standard',
  before: 20,
  after: 22,
  charge: sampleCharge(),
  action: null,
  member: null,
};

function renderLedger() {
  const fake = createFakeServices({
    http: { [`GET ${API_PATHS.ledger}`]: ok({ rows: [ROW], nextCursor: null }) },
  });
  const store = makeConsoleStore(fake.services);
  render(
    <Provider store={store}>
      <LedgerScreen />
    </Provider>,
  );
  return fake;
}

it('shows each change with its customer, words, state and exact amount', async () => {
  renderLedger();
  const table = screen.getByRole('table');
  const row = await within(table).findByText('globex.example');
  const cells = row.closest('tr');
  expect(cells).not.toBeNull();
  const text = cells?.textContent ?? '';
  expect(text).toContain('C0globex01');
  expect(text).toContain('Added 2 licenses (20 → 22)');
  expect(text).toContain('Failed');
  expect(text).toContain('€119.30');
});

it('reads the page of the filters typed, and downloads the CSV of those filters', async () => {
  const fake = renderLedger();
  await screen.findByText('globex.example');
  fireEvent.change(screen.getByLabelText("Customer's id"), { target: { value: 'C0globex01' } });
  fireEvent.change(screen.getByLabelText('From (UTC day)'), { target: { value: '2030-01-01' } });
  fireEvent.click(screen.getByRole('button', { name: 'Filter ledger' }));
  await waitFor(() => expect(fake.calls.http).toHaveLength(2));
  expect(fake.calls.http[1]?.query).toEqual({ customerId: 'C0globex01', from: '2030-01-01' });
  expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
    '/api/reseller/ledger?customerId=C0globex01&from=2030-01-01&format=csv',
  );
});
