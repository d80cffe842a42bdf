import { screen } from '@testing-library/react';

// rc-dialog gives every dialog the id 'test-id' when NODE_ENV is 'test', so with two dialogs open
// their accessible names collide; tests find a dialog by its visible title instead.

export function queryDialog(title: string): HTMLElement | null {
  const heading = screen.queryByText(title, { selector: '.ant-modal-title' });
  return heading?.closest<HTMLElement>('[role="dialog"]') ?? null;
}

export async function findDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${title}" is not the title of a dialog.`);
  return dialog;
}
