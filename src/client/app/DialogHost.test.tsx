import { act, screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionInfo } from '../../contract/subscription';
import { errorDialogShown } from '../events/portalEvents';
import { appStarted } from '../features/session/sessionSlice';
import { apiError, ok, type FakeHttpAnswer } from '../../testing/client/fakeServices';
import { findDialog, queryDialog } from '../../testing/client/dialogs';
import { renderWithProviders } from '../../testing/client/renderWithProviders';
import { sampleSubscription } from '../../contract/sampleSubscription';
import { samplePricePreview } from '../../testing/sampleAnswers';

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

/** An answer the test releases when it wants, to see the in-between states. */
function heldAnswer() {
  let release: (answer: FakeHttpAnswer) => void = () => undefined;
  const answer = new Promise<FakeHttpAnswer>((resolve) => {
    release = resolve;
  });
  return { route: () => answer, release: (reply: FakeHttpAnswer) => act(() => release(reply)) };
}

async function askForSeats(user: ReturnType<typeof renderWithProviders>['user'], seats: string) {
  await user.type(await screen.findByRole('spinbutton', { name: 'Add Licenses' }), seats);
  await user.click(screen.getByRole('button', { name: 'Add Licenses' }));
  return screen.findByRole('dialog', { name: 'Confirm Adding Licenses' });
}

describe('adding licences', () => {
  const user: SubscriptionInfo = sampleSubscription();

  it('asks for confirmation with the current and new totals, and Cancel goes back', async () => {
    const view = renderWithProviders({ route: '/licenses', state: { subscription: { user } } });
    const dialog = await askForSeats(view.user, '5');
    expect(
      within(dialog).getByText('Are you sure you want to add 5 licenses?'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Current total')).toBeInTheDocument();
    expect(within(dialog).getByText('20')).toBeInTheDocument();
    expect(within(dialog).getByText('New total')).toBeInTheDocument();
    expect(within(dialog).getByText('25')).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(queryDialog('Confirm Adding Licenses')).not.toBeInTheDocument());
    expect(view.store.getState().subscription.purchase.status).toBe('idle');
    // Only the price was asked for (docs/api.md, GET /api/price-preview): nothing was bought.
    expect(view.fake.calls.http.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('replaces the page by a spinner while processing, then shows the success dialog', async () => {
    const purchase = heldAnswer();
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user } },
      services: { http: { 'POST /api/add-licence': purchase.route } },
    });
    const dialog = await askForSeats(view.user, '5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));

    expect(await screen.findByRole('status', { name: 'Adding licenses' })).toBeInTheDocument();
    expect(screen.queryByText('ACME.EXAMPLE')).not.toBeInTheDocument();
    expect(view.fake.calls.http.find((call) => call.method === 'POST')?.body).toMatchObject({
      numberOfSeats: 25,
    });

    purchase.release(ok({ subscription: { ...user, numberOfSeats: 25 } }));
    const success = await findDialog('Licenses Added Succesfully!');
    expect(
      within(success).getByText(
        'Your new total amount of licenses will be billed to your account.',
      ),
    ).toBeInTheDocument();

    await view.user.click(within(success).getByRole('button', { name: 'Add Even More Licenses' }));
    expect(view.fake.calls.reloads).toBe(1);
  });

  it('reloads when the success dialog is closed', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user, purchase: { status: 'succeeded', seatsToAdd: 5 } } },
    });
    const success = await findDialog('Licenses Added Succesfully!');
    await view.user.click(within(success).getByRole('button', { name: 'Close' }));
    expect(view.fake.calls.reloads).toBe(1);
  });

  it('shows the error dialog with the message when the purchase fails, and CLOSE closes it', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user } },
      services: {
        http: {
          'POST /api/add-licence': apiError(400, 'INVALID_ARGUMENT', 'numberOfSeats is too high.'),
        },
      },
    });
    const dialog = await askForSeats(view.user, '5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));

    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText('numberOfSeats is too high.')).toBeInTheDocument();
    await view.user.click(within(error).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(queryDialog('Oops! An Error Occurred.')).not.toBeInTheDocument());
    // The form is back for another try.
    expect(screen.getByRole('spinbutton', { name: 'Add Licenses' })).toBeInTheDocument();
  });
});

describe('the price of a purchase (docs/behaviour.md 4.15)', () => {
  const user: SubscriptionInfo = sampleSubscription();
  const preview = samplePricePreview();

  it('shows the monthly price under the totals, and repeats it in the success dialog', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user } },
      services: {
        http: {
          'GET /api/price-preview': ok({ price: preview }),
          'POST /api/add-licence': ok({ subscription: { ...user, numberOfSeats: 22 } }),
        },
      },
    });
    const dialog = await askForSeats(view.user, '2');
    expect(
      await within(dialog).findByText('€28.80 per month more (2 × €14.40), before tax'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('€119.30 until the renewal on March 31, 2027'),
    ).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));
    const success = await findDialog('Licenses Added Succesfully!');
    expect(
      within(success).getByText('You added 2 licenses for €28.80 per month, before tax.'),
    ).toBeInTheDocument();
  });

  it('says the price could not be shown when the preview fails, and still buys', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user } },
      services: {
        http: {
          'GET /api/price-preview': apiError(503, 'UNAVAILABLE', 'Busy.'),
          'POST /api/add-licence': ok({ subscription: { ...user, numberOfSeats: 22 } }),
        },
      },
    });
    const dialog = await askForSeats(view.user, '2');
    expect(
      await within(dialog).findByText(
        'The price could not be shown right now; you can still add the licenses.',
      ),
    ).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));
    const success = await findDialog('Licenses Added Succesfully!');
    expect(within(success).getByText('You added 2 licenses.')).toBeInTheDocument();
  });
});

describe('a purchase from a stale page (docs/api.md: 409 ABORTED)', () => {
  const stale = sampleSubscription({ numberOfSeats: 20 });
  const message =
    'The total number of licenses changed from 20 to 21 while you were adding licenses. Reload the page and try again.';

  it('sends the total on screen, shows the server text, and the reloaded page shows the true total', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user: stale } },
      services: { http: { 'POST /api/add-licence': apiError(409, 'ABORTED', message) } },
    });
    const dialog = await askForSeats(view.user, '3');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));

    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText(message)).toBeInTheDocument();
    expect(view.fake.calls.http.at(-1)?.body).toEqual({
      customerId: 'C0acme001',
      subscriptionId: 'sub-acme-001',
      numberOfSeats: 23,
      expectedNumberOfSeats: 20,
    });
    view.unmount();

    // The reload: a new page with the stored token loads the subscription as it is now.
    const reloaded = renderWithProviders({
      route: '/',
      services: {
        email: 'admin@acme.example',
        tokenData: { token: 'token-1', expiry: Number.MAX_SAFE_INTEGER },
        http: { 'GET /api/subscription-info': ok({ ...stale, numberOfSeats: 21 }) },
      },
    });
    act(() => {
      reloaded.store.dispatch(appStarted({ destination: '' }));
    });
    const total = await screen.findByRole('region', { name: 'Total Licenses' });
    expect(within(total).getByText('21')).toBeInTheDocument();
    expect(screen.getByText('You can add up to 29 more licenses')).toBeInTheDocument();
  });
});

describe('the error dialog', () => {
  it('shows any message as text, never as markup', async () => {
    const { store } = renderWithProviders();
    act(() => {
      store.dispatch(errorDialogShown({ message: '<img src=x onerror="alert(1)"> failed' }));
    });
    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText('<img src=x onerror="alert(1)"> failed')).toBeInTheDocument();
    expect(error.querySelector('img')).toBeNull();
  });
});

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
