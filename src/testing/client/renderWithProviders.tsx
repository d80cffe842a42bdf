import { StyleProvider } from '@ant-design/cssinjs';
import { act, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../client/app/App';
import type { PortalRouter } from '../../client/app/portalRouter';
import { createMemoryPortalRouter } from '../../client/app/routes';
import { makeStore } from '../../client/app/store';
import { createFakeServices, type FakeServicesOptions } from './fakeServices';
import { buildState, type StateOverrides } from './state';

// Renders the whole portal through the real store, real routes and real sagas, with fake services.

// The first lazy screen of a suite compiles antd on import, which can take seconds when every
// suite runs at once; findBy* waits that long before calling a screen missing.
const SCREEN_WAIT_MS = 8_000;
configure({ asyncUtilTimeout: SCREEN_WAIT_MS });

export interface RenderOptions {
  route?: string;
  state?: StateOverrides;
  services?: FakeServicesOptions;
  /** For fake timers: user-event must advance them. */
  advanceTimers?: (ms: number) => void;
  /** Inject antd's styles into the document, for a test that looks at colours (slower queries). */
  injectStyles?: boolean;
}

export function renderWithProviders(options: RenderOptions = {}) {
  const fake = createFakeServices(options.services);
  const router: PortalRouter = createMemoryPortalRouter(options.route ?? '/');
  // In-app navigation from sagas moves the memory router, as the real browser service does.
  const context = {
    ...fake.services,
    browser: {
      ...fake.services.browser,
      navigate: (path: string) => {
        fake.services.browser.navigate(path);
        act(() => {
          void router.navigate(path);
        });
      },
    },
  };
  const store = makeStore({ context, preloadedState: buildState(options.state) });
  // No pause between keystrokes: antd re-renders on each one and jsdom is slow enough already.
  const user = userEvent.setup({ delay: null, advanceTimers: options.advanceTimers });
  // antd's CSS-in-JS is collected, not injected: jsdom resolves every style sheet for every
  // getComputedStyle, which made each role query take most of a second.
  const app = <App store={store} router={router} config={context.config} />;
  const view = render(
    options.injectStyles === true ? app : <StyleProvider mock="server">{app}</StyleProvider>,
  );
  return { ...view, store, router, fake, user };
}
