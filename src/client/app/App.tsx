import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import type { PortalConfig } from '../../contract/config';
import { PortalSurface } from '../components/PortalSurface';
import { PortalConfigContext } from './portalConfigContext';
import { PortalRouterContext, type PortalRouter } from './portalRouter';
import { PortalTheme } from './PortalTheme';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: PortalRouter;
  config: PortalConfig;
}

/** The whole portal: store, runtime configuration, antd theme and the router's screens. */
export function App({ store, router, config }: AppProps) {
  return (
    <Provider store={store}>
      <PortalConfigContext.Provider value={config}>
        <PortalTheme>
          <PortalSurface>
            <PortalRouterContext.Provider value={router}>
              <RouterProvider router={router} />
            </PortalRouterContext.Provider>
          </PortalSurface>
        </PortalTheme>
      </PortalConfigContext.Provider>
    </Provider>
  );
}
