import { act, screen, within } from '@testing-library/react';
import { GENERIC_ADD_LICENCES_ERROR } from '../features/subscription/addLicencesError';
import { UNEXPECTED_SUBSCRIPTION_ANSWER } from '../features/subscription/subscriptionFailure';
import { UNEXPECTED_MEMBERS_ANSWER } from '../features/delegates/delegateError';
import { dialogOpened } from '../features/delegates/delegatesSlice';
import { ok, type FakeHttpAnswer } from '../../testing/client/fakeServices';
import { findDialog } from '../../testing/client/dialogs';
import { preferReducedMotion } from '../../testing/client/matchMedia';
import { renderWithProviders } from '../../testing/client/renderWithProviders';
import { sampleSubscription } from '../../contract/sampleSubscription';

// No body a server can return crashes a screen; an unexpected answer shows the error
// dialog or the forbidden screen with a readable message.
jest.setTimeout(20_000);

// The forbidden details appear at once under reduced motion, so the typing clock stays out of these.
preferReducedMotion();

const subscription = sampleSubscription();

const oddSubscriptionBodies: [string, unknown][] = [
  ['null', null],
  ['an array', [subscription]],
  ['a string', 'ok'],
  ['HTML text', '<html><body>Sign in to the proxy</body></html>'],
  ['negative seats', { ...subscription, numberOfSeats: -5 }],
  ['fractional seats', { ...subscription, maximumNumberOfSeats: 50.5 }],
  ['seats as text', { ...subscription, numberOfSeats: '20' }],
  ['missing seats', { ...subscription, licensedNumberOfSeats: undefined }],
  ['no access roles', { ...subscription, accessRoles: null }],
];

describe('a 200 subscription answer that is not a subscription', () => {
  it.each(oddSubscriptionBodies)(
    '(%s) ends on the forbidden screen with a readable message',
    async (_name, body) => {
      const { user, router, fake } = renderWithProviders({
        state: { session: { email: 'admin@acme.example', emailCheck: 'confirmed' } },
        services: { http: { 'GET /api/subscription-info': ok(body) } },
      });
      await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
      expect(
        await screen.findByText('ERROR DESCRIPTION: 403 - Forbidden! Access Denied.'),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/forbidden');
      expect(fake.calls.storage.tokenData).toBeNull();
      expect(await screen.findByText(UNEXPECTED_SUBSCRIPTION_ANSWER)).toBeInTheDocument();
    },
  );
});

describe('a subscription failure whose body is not the error envelope', () => {
  it.each([
    ['HTML text', { status: 502, body: '<html><h1>Bad Gateway</h1></html>' }],
    ['an array', { status: 500, body: [1, 2, 3] }],
    ['an error that is a string', { status: 401, body: { error: 'invalid_token' } }],
    ['a message that is a number', { status: 403, body: { error: { message: 42 } } }],
  ] as [string, FakeHttpAnswer][])(
    '(%s) ends on the forbidden screen naming the HTTP status',
    async (_name, answer) => {
      const { user } = renderWithProviders({
        state: { session: { email: 'admin@acme.example', emailCheck: 'confirmed' } },
        services: { http: { 'GET /api/subscription-info': answer } },
      });
      await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
      expect(
        await screen.findByText(`The portal answered with HTTP status ${answer.status}.`),
      ).toBeInTheDocument();
    },
  );
});

describe('a delegate list answer that is not a list of members', () => {
  it.each([
    ['null', null],
    ['an array of addresses', ['a@acme.example']],
    ['HTML text', '<html>login</html>'],
    ['members that are not text', { members: [{ email: 'a@acme.example' }] }],
  ])('(%s) shows the error dialog with a readable message', async (_name, body) => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user: subscription } },
      services: { http: { 'GET /api/licence-delegate': ok(body) } },
    });
    act(() => {
      view.store.dispatch(dialogOpened({ kind: 'licence' }));
    });
    const dialog = await findDialog('Oops! An Error Occurred.');
    expect(within(dialog).getByText(UNEXPECTED_MEMBERS_ANSWER)).toBeInTheDocument();
    expect(await findDialog('License Management Access')).toBeInTheDocument();
  });
});

describe('an add-licence failure whose body is not the error envelope', () => {
  it('shows the error dialog with the generic message and keeps the dashboard', async () => {
    const view = renderWithProviders({
      route: '/licenses',
      state: { subscription: { user: subscription } },
      services: {
        http: { 'POST /api/add-licence': { status: 504, body: '<html>Gateway Timeout</html>' } },
      },
    });
    await view.user.type(await screen.findByRole('spinbutton', { name: 'Add Licenses' }), '2');
    await view.user.click(screen.getByRole('button', { name: 'Add Licenses' }));
    const confirm = await findDialog('Confirm Adding Licenses');
    await view.user.click(within(confirm).getByRole('button', { name: 'Add Licenses' }));
    const dialog = await findDialog('Oops! An Error Occurred.');
    expect(within(dialog).getByText(GENERIC_ADD_LICENCES_ERROR)).toBeInTheDocument();
    expect(screen.getByText('ACME.EXAMPLE')).toBeInTheDocument();
  });
});
