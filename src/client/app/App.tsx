import { ConfigProvider } from 'antd';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import type { PortalConfig } from '../../contract/config';
import { PortalSurface } from '../components/PortalSurface';
import { PortalConfigContext } from './portalConfigContext';
import type { AppStore } from './store';
import { portalTheme } from './theme';

export type PortalRouter = ReturnType<typeof createBrowserRouter>;

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
            <RouterProvider router={router} />
          </PortalSurface>
        </ConfigProvider>
      </PortalConfigContext.Provider>
    </Provider>
  );
}
