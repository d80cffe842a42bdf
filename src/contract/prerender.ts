// The home page's build-time HTML (docs/performance.md): written by the client build beside index.html,
// sent by the server for the plain home page.

/** The file in the client build; webpack.config.js writes it under the same name. */
export const PRERENDERED_HOME_FILE = 'prerendered-home.html';

/**
 * The dashboard's page in the client build, sent for /licenses: index.html with the styles of the
 * dashboard's first screen alone, small enough to arrive in the first round trip (docs/performance.md).
 */
export const DASHBOARD_PAGE_FILE = 'dashboard-page.html';

/** Where the build puts the markup: the page's empty root element. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** The page with styles at the end of its head. */
export function withStyles(html: string, styles: string): string {
  if (!html.includes('</head>')) throw new Error('The page template has no </head> to fill');
  return html.replace('</head>', () => `${styles}</head>`);
}

/** The page with the home markup in its root element and its styles at the end of the head. */
export function withPrerenderedHome(html: string, markup: string, styles: string): string {
  if (!html.includes(ROOT_ELEMENT))
    throw new Error(`The page template has no ${ROOT_ELEMENT} to fill`);
  return withStyles(html, styles).replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}
