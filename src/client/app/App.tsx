import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import type { PortalConfig } from '../../contract/config';
import { PortalSurface } from '../components/PortalSurface';
import { PortalConfigContext } from './portalConfigContext';
import type { PortalRouter } from './portalRouter';
import { PortalRoutes } from './PortalRoutes';
import type { AppStore } from './store';
import { portalTheme } from './theme';

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
        <ConfigProvider theme={portalTheme}>
          <PortalSurface>
            <PortalRoutes router={router} />
          </PortalSurface>
        </ConfigProvider>
      </PortalConfigContext.Provider>
    </Provider>
  );
}
