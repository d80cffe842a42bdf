import { screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionInfo } from '../../../contract/subscription';
import { apiError, heldAnswer, ok } from '../../../testing/client/fakeServices';
import { findDialog, queryDialog } from '../../../testing/client/dialogs';
import { renderWithProviders } from '../../../testing/client/renderWithProviders';
import { sampleSubscription } from '../../../contract/sampleSubscription';
import { samplePricePreview } from '../../../testing/sampleAnswers';

// The purchase's dialogs through the whole portal (docs/behaviour.md 4.15, 4.16).

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

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

  it('buys at the price version shown, and shows the server’s 409 when the price has changed', async () => {
    const changed =
      'The price of licenses has changed since it was shown to you, so nothing was bought. Reload the page to see the new price, then buy again.';
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user } },
      services: {
        http: {
          'GET /api/price-preview': ok({ price: preview }),
          'POST /api/add-licence': apiError(409, 'ABORTED', changed),
        },
      },
    });
    const dialog = await askForSeats(view.user, '2');
    await within(dialog).findByText('€119.30 until the renewal on March 31, 2027');
    await view.user.click(within(dialog).getByRole('button', { name: 'Add Licenses' }));
    const error = await findDialog('Oops! An Error Occurred.');
    expect(within(error).getByText(changed)).toBeInTheDocument();
    expect(view.fake.calls.http.find((call) => call.method === 'POST')?.body).toEqual({
      customerId: user.customerId,
      subscriptionId: user.subscriptionId,
      numberOfSeats: 22,
      expectedNumberOfSeats: 20,
      priceVersion: preview.priceVersion,
    });
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
    // No price was shown, so none is named: the server charges today's (docs/api.md, Money).
    const body = view.fake.calls.http.find((call) => call.method === 'POST')?.body;
    expect(body).not.toHaveProperty('priceVersion');
  });
});
