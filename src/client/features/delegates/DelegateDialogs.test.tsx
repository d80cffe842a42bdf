import { act, screen, waitFor, within } from '@testing-library/react';
import {
  apiError,
  heldAnswer,
  ok,
  type FakeHttpAnswer,
} from '../../../testing/client/fakeServices';
import { findDialog, queryDialog } from '../../../testing/client/dialogs';
import { renderWithProviders } from '../../../testing/client/renderWithProviders';
import { sampleSubscription } from '../../../contract/sampleSubscription';

// The delegate dialogs through the whole portal (docs/behaviour.md 4.17–4.20).

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

describe('the delegate dialogs', () => {
  const admin = sampleSubscription();

  function renderOpenDialog(
    http: Record<string, FakeHttpAnswer | (() => Promise<FakeHttpAnswer>)>,
  ) {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user: admin } },
      services: { http },
    });
    act(() => {
      view.store.dispatch({ type: 'delegates/dialogOpened', payload: { kind: 'licence' } });
    });
    return view;
  }

  const emailField = () => screen.getByRole('textbox', { name: 'Enter Email Address' });
  const addButton = () => screen.getByRole('button', { name: 'Add' });

  it('shows a spinner while the list loads, then the sorted list with delete buttons', async () => {
    const list = heldAnswer();
    renderOpenDialog({ 'GET /api/licence-delegate': list.route });
    const dialog = await findDialog('License Management Access');
    expect(
      within(dialog).getByRole('status', { name: 'Loading delegated email addresses' }),
    ).toBeInTheDocument();

    list.release(ok({ members: ['zoe@acme.example', 'amy@acme.example'] }));
    const deletes = await within(dialog).findAllByRole('button', { name: /^Delete / });
    expect(deletes.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Delete amy@acme.example',
      'Delete zoe@acme.example',
    ]);
  });

  it('enables Add only for a valid e-mail', async () => {
    const view = renderOpenDialog({ 'GET /api/licence-delegate': ok({ members: [] }) });
    await findDialog('License Management Access');
    expect(addButton()).toBeDisabled();
    for (const invalid of [
      'someone',
      'some one@acme.example',
      'someone@acme',
      '@acme.example',
      'admin\u200b@acme.example',
      '<script>alert(1)</script>@x.io',
    ]) {
      await view.user.clear(emailField());
      await view.user.type(emailField(), invalid);
      expect(addButton()).toBeDisabled();
    }
    await view.user.clear(emailField());
    await view.user.type(emailField(), 'new@acme.example');
    expect(addButton()).toBeEnabled();
  });

  it('adds a delegate: a full-screen loader while saving, then the list sorted and the field cleared', async () => {
    const change = heldAnswer();
    const view = renderOpenDialog({
      'GET /api/licence-delegate': ok({ members: ['licences@acme.example'] }),
      'POST /api/licence-delegate': change.route,
    });
    const dialog = await findDialog('License Management Access');
    await within(dialog).findByText('licences@acme.example');
    await view.user.type(emailField(), 'boss@acme.example{Enter}');

    expect(await screen.findByRole('status', { name: 'Saving the change' })).toBeInTheDocument();
    change.release(ok({ members: ['boss@acme.example', 'licences@acme.example'] }));

    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Saving the change' })).not.toBeInTheDocument(),
    );
    const deletes = within(dialog).getAllByRole('button', { name: /^Delete / });
    expect(deletes.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Delete boss@acme.example',
      'Delete licences@acme.example',
    ]);
    expect(emailField()).toHaveValue('');
    expect(view.fake.calls.http.at(-1)?.body).toEqual({
      email: 'boss@acme.example',
      customerId: 'C0acme001',
      action: 'add',
    });
  });

  it('deletes a delegate', async () => {
    const view = renderOpenDialog({
      'GET /api/licence-delegate': ok({ members: ['a@acme.example', 'b@acme.example'] }),
      'POST /api/licence-delegate': ok({ members: ['b@acme.example'] }),
    });
    const dialog = await findDialog('License Management Access');
    await view.user.click(
      await within(dialog).findByRole('button', { name: 'Delete a@acme.example' }),
    );
    await waitFor(() =>
      expect(within(dialog).queryByText('a@acme.example')).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('b@acme.example')).toBeInTheDocument();
  });

  it('shows the error message and clears the field when the delegate already exists', async () => {
    const view = renderOpenDialog({
      'GET /api/licence-delegate': ok({ members: ['licences@acme.example'] }),
      'POST /api/licence-delegate': apiError(409, 'ALREADY_EXISTS', 'Member already exists.'),
    });
    await findDialog('License Management Access');
    await view.user.type(emailField(), 'licences@acme.example');
    await view.user.click(addButton());
    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText('Member already exists.')).toBeInTheDocument();
    expect(emailField()).toHaveValue('');
  });

  it('CLOSE closes the dialog', async () => {
    const view = renderOpenDialog({ 'GET /api/licence-delegate': ok({ members: [] }) });
    const dialog = await findDialog('License Management Access');
    await view.user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    expect(view.store.getState().delegates.licence.open).toBe(false);
    await waitFor(() => expect(queryDialog('License Management Access')).not.toBeInTheDocument());
  });
});
