import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PortalTheme } from '../../client/app/PortalTheme';

// What a person gets from a piece of the page: its HTML and every stylesheet antd inserts for it,
// rendered under the portal's theme with a fresh style cache, as the build renders index.html's styles.

export interface Drawn {
  markup: string;
  styles: string;
}

/** The HTML of `node` under PortalTheme and antd's extracted `<style>` elements for it. */
export function drawnWithStyles(node: ReactNode): Drawn {
  const cache = createCache();
  const markup = renderToString(
    <StyleProvider cache={cache}>
      <PortalTheme>{node}</PortalTheme>
    </StyleProvider>,
  );
  return { markup, styles: extractStyle(cache) };
}
