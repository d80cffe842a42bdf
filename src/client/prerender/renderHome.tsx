// The home page rendered to HTML at build time (docs/performance.md): webpack.config.js runs this with
// tsx, the page on stdin, and writes what comes out to dist/client/prerendered-home.html, the page with
// the markup and antd's styles for it, which the server sends for '/' so the page paints before any
// script runs. The scripts then render the live page
// in its place, and antd reuses these styles instead of computing them again.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { configureStore } from '@reduxjs/toolkit';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { withPrerenderedHome } from '../../contract/prerender';
import { rootReducer } from '../app/rootReducer';
import { portalTheme } from '../app/theme';
import { PortalSurface } from '../components/PortalSurface';
import { HomePage } from '../pages/HomePage';
import { StaticMarkupContext } from './staticMarkup';

export interface PrerenderedHome {
  /** The inside of the root element. */
  markup: string;
  /** antd's <style> elements for that markup, for the head. */
  styles: string;
}

/** The home page as a first-time visitor sees it: the state the store starts with. */
export function renderHome(): PrerenderedHome {
  const cache = createCache();
  const store = configureStore({ reducer: rootReducer });
  const markup = renderToString(
    <StaticMarkupContext.Provider value>
      <StyleProvider cache={cache}>
        <Provider store={store}>
          <ConfigProvider theme={portalTheme}>
            <PortalSurface>
              <HomePage />
            </PortalSurface>
          </ConfigProvider>
        </Provider>
      </StyleProvider>
    </StaticMarkupContext.Provider>,
  );
  return { markup, styles: extractStyle(cache) };
}

async function main() {
  let page = '';
  for await (const chunk of process.stdin) page += String(chunk);
  const { markup, styles } = renderHome();
  process.stdout.write(withPrerenderedHome(page, markup, styles));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
