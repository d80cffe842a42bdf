import { useContext, useState } from 'react';
import { Provider } from 'react-redux';
import { usePortalConfig } from '../app/portalConfigContext';
import { PortalRouterContext } from '../app/portalRouter';
import { ConsoleScreen } from '../features/console/components/ConsoleScreen';
import { makeConsoleStore } from '../features/console/consoleStore';
import { createServices } from '../services/createServices';
import { createHttpService } from '../services/http';

/** The reseller console at /reseller (docs/behaviour.md 10): its own store, made once per visit. */
export function ConsolePage() {
  const config = usePortalConfig();
  const router = useContext(PortalRouterContext);
  const [store] = useState(() => {
    if (router === null) throw new Error('The console needs the portal router.');
    // The console's http service also PUTs; the customers' pages keep theirs.
    return makeConsoleStore({
      ...createServices(config, router),
      http: createHttpService({ xsrfCookie: config.xsrfCookie }),
    });
  });
  return (
    <Provider store={store}>
      <ConsoleScreen />
    </Provider>
  );
}

// React Router's lazy route takes the page from this chunk by the name Component (../app/routes.tsx).
export { ConsolePage as Component };
