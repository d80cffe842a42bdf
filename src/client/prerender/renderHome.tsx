// The home page rendered to HTML at build time (docs/performance.md; run by ./cli.tsx): the server sends
// it for '/' so the page paints before any script runs. The scripts then render the live page
// in its place, and antd reuses these styles instead of computing them again.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { configureStore, type Store } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { rootReducer } from '../app/rootReducer';
import { PortalTheme } from '../app/PortalTheme';
import { PortalSurface } from '../components/PortalSurface';
import { HomePage } from '../pages/HomePage';
import { StaticMarkupContext } from '../components/staticMarkup';

export interface PrerenderedHome {
  /** The inside of the root element. */
  markup: string;
  /** antd's <style> elements for that markup, for the head. */
  styles: string;
}

/**
 * Renders a tree as the live portal wraps it (store, antd theme, PortalSurface) and returns its HTML
 * with antd's <style> elements for everything it drew; ./portalStyles.tsx uses it too.
 */
export function renderWithPortalStyles(tree: ReactNode, store: Store): PrerenderedHome {
  const cache = createCache();
  const markup = renderToString(
    <StaticMarkupContext.Provider value>
      <StyleProvider cache={cache}>
        <Provider store={store}>
          <PortalTheme>
            <PortalSurface>{tree}</PortalSurface>
          </PortalTheme>
        </Provider>
      </StyleProvider>
    </StaticMarkupContext.Provider>,
  );
  return { markup, styles: extractStyle(cache) };
}

/** The home page as a first-time visitor sees it: the state the store starts with. */
export function renderHome(): PrerenderedHome {
  return renderWithPortalStyles(<HomePage />, configureStore({ reducer: rootReducer }));
}
