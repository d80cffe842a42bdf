import { Provider } from 'react-redux';
import type { PortalConfig } from '../../contract/config';
import { PortalSurface } from '../components/PortalSurface';
import { PortalConfigContext } from './portalConfigContext';
import type { PortalRouter } from './portalRouter';
import { PortalRoutes } from './PortalRoutes';
import { PortalTheme } from './PortalTheme';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: PortalRouter;
  config: PortalConfig;
}

/** The whole portal: store, runtime configuration, antd theme and the routes. */
export function App({ store, router, config }: AppProps) {
  return (
    <Provider store={store}>
      <PortalConfigContext.Provider value={config}>
        <PortalTheme>
          <PortalSurface>
            <PortalRoutes router={router} />
          </PortalSurface>
        </PortalTheme>
      </PortalConfigContext.Provider>
    </Provider>
  );
}
