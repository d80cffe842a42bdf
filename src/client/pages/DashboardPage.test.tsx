import { act, fireEvent, screen, within } from '@testing-library/react';
import { appStarted } from '../features/session/sessionSlice';
import { dayInWords } from '../features/subscription/subscriptionWords';
import type { SubscriptionInfo } from '../../contract/subscription';
import { apiError, fakeConfig, ok } from '../../testing/client/fakeServices';
import { findDialog } from '../../testing/client/dialogs';
import { renderWithProviders } from '../../testing/client/renderWithProviders';
import type { FakeServicesOptions } from '../../testing/client/fakeServices';
import { sampleSubscription } from '../../contract/sampleSubscription';

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

function renderDashboard(
  overrides: Partial<SubscriptionInfo> = {},
  services?: FakeServicesOptions,
) {
  return renderWithProviders({
    route: '/licenses',
    state: { subscription: { user: sampleSubscription(overrides) } },
    services,
  });
}

const seatsBox = () => screen.getByRole('spinbutton', { name: 'Add Licenses' });
const addButton = () => screen.getByRole('button', { name: 'Add Licenses' });

const admin = {};
const licenceDelegate = { isAdmin: false, accessRoles: { license: true, support: false } };
const plainUser = { isAdmin: false, accessRoles: { license: false, support: false } };
const flexiblePlan = {
  isAnnual: false,
  planName: 'FLEXIBLE',
  skuName: 'Google Workspace Business Starter',
};

describe('DashboardPage', () => {
  it('shows the domain in upper case, the subscription name and both totals', async () => {
    renderDashboard();
    expect(await screen.findByText('ACME.EXAMPLE')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Google Workspace Business Standard' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Total Licenses' })).getByText('20'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Licenses Assigned' })).getByText('17'),
    ).toBeInTheDocument();
  });

  it("shows the user's photo and falls back to the silhouette when it fails to load", async () => {
    renderDashboard({ thumbnailPhotoUrl: 'https://photos.example/admin.jpg' });
    const photo = await screen.findByRole('img', { name: 'Photo of admin@acme.example' });
    expect(photo).toHaveAttribute('src', 'https://photos.example/admin.jpg');
    fireEvent.error(photo);
    expect(photo).toHaveAttribute('src', 'test-file-stub');
  });

  it('shows the silhouette when the user has no photo', async () => {
    renderDashboard({ thumbnailPhotoUrl: null });
    const photo = await screen.findByRole('img', { name: 'Photo of admin@acme.example' });
    expect(photo).toHaveAttribute('src', 'test-file-stub');
  });

  it('keeps a same-origin photo path', async () => {
    renderDashboard({ thumbnailPhotoUrl: '/sandbox/photos/admin.svg' });
    const photo = await screen.findByRole('img', { name: 'Photo of admin@acme.example' });
    expect(photo).toHaveAttribute('src', '/sandbox/photos/admin.svg');
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.example/photo.jpg',
    'not a url',
  ])('shows the silhouette, not the server photo URL %p', async (thumbnailPhotoUrl) => {
    renderDashboard({ thumbnailPhotoUrl });
    const photo = await screen.findByRole('img', { name: 'Photo of admin@acme.example' });
    expect(photo).toHaveAttribute('src', 'test-file-stub');
  });

  describe('an admin', () => {
    it.each([
      ['Delegate Licenses Access', 'License Management Access', 'licence', 'licences@acme.example'],
      ['Delegate Support Access', 'Support Access', 'support', 'support@acme.example'],
    ] as const)('opens "%s" from the menu', async (item, title, kind, member) => {
      const { user, store } = renderDashboard(admin, {
        http: {
          'GET /api/licence-delegate': ok({ members: ['licences@acme.example'] }),
          'GET /api/support-delegate': ok({ members: ['support@acme.example'] }),
        },
      });
      await user.click(await screen.findByRole('button', { name: 'Delegate access menu' }));
      await user.click(await screen.findByRole('menuitem', { name: item }));
      const dialog = await findDialog(title);
      expect(await within(dialog).findByText(member)).toBeInTheDocument();
      expect(store.getState().delegates[kind].open).toBe(true);
    });

    it('sees the add-licences form with the hint', async () => {
      renderDashboard(admin);
      expect(await screen.findByText('You can add up to 30 more licenses')).toBeInTheDocument();
      expect(seatsBox()).toBeInTheDocument();
    });
  });

  describe('a licence delegate', () => {
    it('sees the add-licences form but not the menu', async () => {
      renderDashboard(licenceDelegate);
      expect(await screen.findByText('You can add up to 30 more licenses')).toBeInTheDocument();
      expect(addButton()).toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Delegate access menu' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('a plain user', () => {
    it('sees the subscription but neither the form nor the menu', async () => {
      renderDashboard(plainUser);
      expect(await screen.findByText('ACME.EXAMPLE')).toBeInTheDocument();
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Delegate access menu' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('a Flexible plan', () => {
    it('explains that licences come with users and links to the help centre, with no form', async () => {
      renderDashboard(flexiblePlan);
      expect(
        await screen.findByText(
          /With a Flexible subscription you add licenses simply by adding a user/,
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Learn more in the Help Center' })).toHaveAttribute(
        'href',
        fakeConfig.helpCentreUrl,
      );
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    });
  });

  describe('the seat count', () => {
    it('keeps Add disabled while empty or zero', async () => {
      const { user } = renderDashboard();
      await screen.findByText('You can add up to 30 more licenses');
      expect(addButton()).toBeDisabled();
      await user.type(seatsBox(), '0');
      expect(addButton()).toBeDisabled();
      await user.clear(seatsBox());
      await user.type(seatsBox(), '5');
      expect(addButton()).toBeEnabled();
    });

    it('clamps a typed value over the maximum to the maximum', async () => {
      const { user } = renderDashboard();
      await screen.findByText('You can add up to 30 more licenses');
      await user.type(seatsBox(), '75');
      await user.tab();
      expect(seatsBox()).toHaveValue('30');
      expect(addButton()).toBeEnabled();
    });

    it('turns other invalid numbers into 0', async () => {
      const { user } = renderDashboard();
      await screen.findByText('You can add up to 30 more licenses');
      await user.type(seatsBox(), '-4');
      await user.tab();
      expect(seatsBox()).toHaveValue('0');
      await user.clear(seatsBox());
      await user.type(seatsBox(), '2.5');
      await user.tab();
      expect(seatsBox()).toHaveValue('0');
      expect(addButton()).toBeDisabled();
    });

    it('clears non-numeric input', async () => {
      const { user } = renderDashboard();
      await screen.findByText('You can add up to 30 more licenses');
      await user.type(seatsBox(), '7');
      await user.clear(seatsBox());
      await user.type(seatsBox(), 'abc');
      await user.tab();
      expect(seatsBox()).toHaveValue('');
      expect(addButton()).toBeDisabled();
    });

    it('never steps above the maximum nor below 0 with the arrow keys', async () => {
      const { user } = renderDashboard({ numberOfSeats: 48 });
      await screen.findByText('You can add up to 2 more licenses');
      await user.click(seatsBox());
      await user.keyboard('{ArrowDown}');
      expect(seatsBox()).toHaveValue('0');
      await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
      expect(seatsBox()).toHaveValue('2');
      expect(seatsBox()).toHaveAttribute('aria-valuemax', '2');
      expect(seatsBox()).toHaveAttribute('aria-valuemin', '0');
    });

    it('offers nothing to add when the plan is at its maximum', async () => {
      renderDashboard({ numberOfSeats: 50 });
      expect(await screen.findByText('You can add up to 0 more licenses')).toBeInTheDocument();
      expect(addButton()).toBeDisabled();
    });
  });

  describe('where the seats stand', () => {
    const usageBar = () => screen.getByRole('progressbar', { name: 'Seat usage' });
    const warning = () => screen.queryByRole('alert');

    it('shows assigned against total as a bar, without a warning below 90 %', async () => {
      renderDashboard();
      await screen.findByText('ACME.EXAMPLE');
      expect(usageBar()).toHaveAttribute('aria-valuenow', '85');
      expect(usageBar()).toHaveAttribute('aria-valuetext', '17 of 20 licenses assigned');
      expect(screen.getByText('17 of 20 licenses assigned, 3 free')).toBeInTheDocument();
      expect(warning()).not.toBeInTheDocument();
    });

    it('stays quiet at 89 % (17 of 19)', async () => {
      renderDashboard({ numberOfSeats: 19 });
      await screen.findByText('ACME.EXAMPLE');
      expect(usageBar()).toHaveAttribute('aria-valuenow', '89');
      expect(warning()).not.toBeInTheDocument();
    });

    it('warns at 90 % and its button puts the focus in the add form', async () => {
      const { user } = renderDashboard({ licensedNumberOfSeats: 18 });
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('Almost all licenses are assigned')).toBeInTheDocument();
      expect(
        within(alert).getByText('Only 2 licenses are free (90% assigned).'),
      ).toBeInTheDocument();
      await user.click(within(alert).getByRole('button', { name: 'Add more licenses' }));
      expect(seatsBox()).toHaveFocus();
      await user.keyboard('4');
      expect(addButton()).toBeEnabled();
    });

    it('warns when none is free; a licence delegate gets the button too', async () => {
      renderDashboard({ ...licenceDelegate, licensedNumberOfSeats: 20 });
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText('All licenses are assigned')).toBeInTheDocument();
      expect(within(alert).getByText('No license is free for a new user.')).toBeInTheDocument();
      expect(within(alert).getByRole('button', { name: 'Add more licenses' })).toBeInTheDocument();
    });

    it('tells someone who may not add to ask an administrator, with no button', async () => {
      renderDashboard({ ...plainUser, licensedNumberOfSeats: 19 });
      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText(
          'Only 1 license is free (95% assigned). Ask an administrator to add licenses.',
        ),
      ).toBeInTheDocument();
      expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    });

    it('offers no button when the plan is at its maximum', async () => {
      renderDashboard({ numberOfSeats: 50, licensedNumberOfSeats: 50 });
      const alert = await screen.findByRole('alert');
      expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    });

    it('never warns about a Flexible plan, which grows with its users', async () => {
      renderDashboard({ ...flexiblePlan, numberOfSeats: 8, licensedNumberOfSeats: 8 });
      await screen.findByText(/With a Flexible subscription/);
      expect(usageBar()).toHaveAttribute('aria-valuenow', '100');
      // The only alert is the Flexible-plan message of docs/behaviour.md 2.
      expect(screen.getByRole('alert')).toHaveTextContent(/^Flexible plan/);
      expect(screen.queryByText('All licenses are assigned')).not.toBeInTheDocument();
    });
  });

  describe('the plan, its status and renewal', () => {
    const details = () => screen.getByRole('region', { name: 'Subscription details' });

    it('names the plan, the status and the renewal day', async () => {
      renderDashboard();
      await screen.findByText('ACME.EXAMPLE');
      expect(within(details()).getByText('Annual plan, paid monthly')).toBeInTheDocument();
      expect(within(details()).getByText('Active')).toBeInTheDocument();
      const renewal = within(details()).getByText(dayInWords('2027-03-31'));
      expect(renewal).toHaveAttribute('datetime', '2027-03-31');
      expect(within(details()).queryByText('Free trial')).not.toBeInTheDocument();
    });

    it('leaves the renewal out when none is given and marks a trial', async () => {
      renderDashboard({ ...flexiblePlan, isTrial: true, renewalDate: null });
      await screen.findByText('ACME.EXAMPLE');
      expect(within(details()).getByText('Flexible plan')).toBeInTheDocument();
      expect(within(details()).getByText('Free trial')).toBeInTheDocument();
      expect(within(details()).queryByText('Renewal date')).not.toBeInTheDocument();
    });

    it('shows a suspended subscription with its reasons and offers no add form', async () => {
      renderDashboard({
        status: 'SUSPENDED',
        suspensionReasons: ['TRIAL_ENDED'],
        licensedNumberOfSeats: 20,
      });
      await screen.findByText('ACME.EXAMPLE');
      expect(within(details()).getByText('Suspended')).toBeInTheDocument();
      expect(
        screen.getByText(
          'This subscription is suspended. Licenses cannot be added while it is suspended.',
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText('The free trial ended without a plan being chosen.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Licenses' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add more licenses' })).not.toBeInTheDocument();
      // The full-seat warning still says where the seats stand.
      expect(screen.getByText('All licenses are assigned')).toBeInTheDocument();
    });

    it('shows a pending subscription as waiting for the terms of service, with no add form', async () => {
      renderDashboard({ status: 'PENDING', suspensionReasons: [] });
      await screen.findByText('ACME.EXAMPLE');
      expect(within(details()).getByText('Pending activation')).toBeInTheDocument();
      expect(screen.getByText(/waiting to be activated/)).toBeInTheDocument();
      expect(
        screen.getByText(/has not yet signed in to accept the Google Workspace Terms of Service/),
      ).toBeInTheDocument();
      expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    });
  });

  describe('signing out', () => {
    it('from the header with the keyboard: the server is told, the token goes and the home screen shows', async () => {
      const { user, store, router, fake } = renderDashboard(admin, {
        tokenData: { token: 'ya29.stored', expiry: Number.MAX_SAFE_INTEGER },
        http: { 'POST /api/sign-out': { status: 204, body: null } },
      });
      const signOut = await screen.findByRole('button', { name: 'Sign out' });
      signOut.focus();
      await user.keyboard('{Enter}');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Customer Portal' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
      expect(fake.calls.http).toEqual([{ method: 'POST', path: '/api/sign-out', body: {} }]);
      expect(fake.calls.storage.tokenData).toBeNull();
      expect(fake.calls.revoked).toEqual(['ya29.stored']);
      expect(store.getState().subscription.user).toBeUndefined();
      // The dashboard cannot be opened again without signing in.
      await act(() => router.navigate('/licenses'));
      expect(router.state.location.pathname).toBe('/');
    });

    it('is offered to every signed-in person, not only admins', async () => {
      renderDashboard(plainUser);
      expect(await screen.findByRole('button', { name: 'Sign out' })).toBeEnabled();
    });
  });
});

async function askForSeatsIn(user: ReturnType<typeof renderWithProviders>['user'], seats: string) {
  await user.type(await screen.findByRole('spinbutton', { name: 'Add Licenses' }), seats);
  await user.click(screen.getByRole('button', { name: 'Add Licenses' }));
  return screen.findByRole('dialog', { name: 'Confirm Adding Licenses' });
}

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
    const dialog = await askForSeatsIn(view.user, '3');
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
