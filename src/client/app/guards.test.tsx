import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { PAGE_PATHS } from '../../contract/pages';
import { forbiddenErrorStored } from '../events/portalEvents';
import { subscriptionLoaded } from '../features/subscription/subscriptionSlice';
import { createFakeServices } from '../../testing/client/fakeServices';
import { RequireUser } from './guards';
import { PortalRouterContext, type PortalRouter } from './portalRouter';
import { makeStore, type AppStore } from './store';
import type { SubscriptionInfo } from '../../contract/subscription';
import { ok } from '../../testing/client/fakeServices';
import { renderWithProviders } from '../../testing/client/renderWithProviders';
import { sampleSubscription } from '../../contract/sampleSubscription';

// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

const homeHeading = () => screen.findByRole('heading', { level: 1, name: 'Customer Portal' });

describe('route guards', () => {
  it.each(['/licenses', '/forbidden', '/no/such/page'])(
    'sends %s without the state it needs back home',
    async (route) => {
      const { router } = renderWithProviders({ route });
      expect(await homeHeading()).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it.each([
    {
      route: '/licenses',
      state: { subscription: { user: sampleSubscription() } },
      shown: () => screen.findByText('ACME.EXAMPLE'),
    },
    {
      route: '/forbidden',
      state: { errors: { isForbidden: true, stored: { message: 'm', details: 'd' } } },
      shown: () => screen.findByRole('heading', { level: 1, name: '403' }),
    },
  ])('opens $route while the state allows it', async ({ route, state, shown }) => {
    const { router } = renderWithProviders({ route, state });
    expect(await shown()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(route);
  });

  it('shows the external support site in a titled frame on /support', async () => {
    const { fake } = renderWithProviders({ route: '/support' });
    const frame = await screen.findByTitle('Support site');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', fake.services.config.supportSiteUrl);
  });

  it('offers sign-out above the support site only while a user is held', async () => {
    const { user, router, fake } = renderWithProviders({
      route: '/support',
      state: { subscription: { user: sampleSubscription() } },
      services: { http: { 'POST /api/sign-out': { status: 204, body: null } } },
    });
    expect(await screen.findByTitle('Support site')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await homeHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(fake.calls.http.map((call) => call.path)).toEqual(['/api/sign-out']);
  });

  it('shows no sign-out above the support site to someone not signed in', async () => {
    renderWithProviders({ route: '/support' });
    expect(await screen.findByTitle('Support site')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('moves to /licenses after sign-in once the subscription loads', async () => {
    const { router, user, fake } = renderWithProviders({
      state: { session: { email: 'admin@acme.example', emailCheck: 'confirmed' } },
      services: { http: { 'GET /api/subscription-info': ok(sampleSubscription()) } },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('ACME.EXAMPLE')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/licenses');
    expect(fake.calls.http[0]?.query).toEqual({ email: 'admin@acme.example' });
  });
});

describe('the error boundary around the routes', () => {
  /** A dashboard whose subscription lacks its access roles throws while it renders. */
  function renderBrokenDashboard() {
    const broken = {
      ...sampleSubscription({ isAdmin: false }),
      accessRoles: undefined,
    } as unknown as SubscriptionInfo;
    return renderWithProviders({ route: '/licenses', state: { subscription: { user: broken } } });
  }

  it('shows a readable message instead of a blank page when a screen throws', async () => {
    // React reports the caught error on the console; the screen is what this test is about.
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderBrokenDashboard();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute(
      'href',
      '/',
    );
    quiet.mockRestore();
  });

  it('shows the screens again after a move elsewhere', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderBrokenDashboard();
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });

    await act(() => router.navigate('/support'));

    expect(await screen.findByTitle('Support site')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    quiet.mockRestore();
  });
});

/** Once every move the router was given has ended and the screens have drawn its result. */
async function settled(router: PortalRouter) {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
}

describe('a guard whose page moved on before it acted (docs/behaviour.md 4.22)', () => {
  // What the boot saga does as the page starts can land between the guard's render and its
  // effect, which must not undo it.
  function openLicencesWhile(meanwhile: (store: AppStore, router: PortalRouter) => void) {
    const store = makeStore({ context: createFakeServices().services });
    // On its own route as in ./routes.tsx: once home, the guard is gone.
    const router = createMemoryRouter(
      [
        {
          path: PAGE_PATHS.licences,
          element: (
            <RequireUser>
              <p>Dashboard</p>
            </RequireUser>
          ),
        },
        { path: '*', element: null },
      ],
      { initialEntries: [PAGE_PATHS.licences] },
    );
    // An earlier sibling's effect runs before the guard's own.
    function Meanwhile() {
      useEffect(() => meanwhile(store, router), []);
      return null;
    }
    render(
      <Provider store={store}>
        <PortalRouterContext.Provider value={router}>
          <Meanwhile />
          <RouterProvider router={router} />
        </PortalRouterContext.Provider>
      </Provider>,
    );
    return router;
  }

  it('stays on /licenses when the subscription arrived and the saga sent the screen there', async () => {
    const router = openLicencesWhile((store, router) => {
      store.dispatch(subscriptionLoaded(sampleSubscription()));
      void router.navigate('/licenses');
    });
    await settled(router);
    expect(router.state.location.pathname).toBe('/licenses');
  });

  it('stays on /forbidden when the subscription failed and the saga sent the screen there', async () => {
    const router = openLicencesWhile((store, router) => {
      store.dispatch(forbiddenErrorStored({ message: 'm', details: 'd' }));
      void router.navigate('/forbidden');
    });
    await settled(router);
    expect(router.state.location.pathname).toBe('/forbidden');
  });

  it('goes home when nothing arrived meanwhile', async () => {
    const router = openLicencesWhile(() => undefined);
    await settled(router);
    expect(router.state.location.pathname).toBe('/');
  });
});
