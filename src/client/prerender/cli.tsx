// `tsx src/client/prerender/cli.tsx home|portal|dashboard`: webpack.config.js runs this at build
// time with a page of the build on stdin and writes what comes out in its place (docs/performance.md):
// - home: the page with the home page's markup and antd's styles for it (prerendered-home.html);
// - portal: the page with antd's styles for the screens a page load shows (index.html);
// - dashboard: the page with antd's styles for the dashboard alone (dashboard-page.html).
import { withPrerenderedHome, withStyles } from '../../contract/prerender';

// Modules are loaded below, after this: images are files the browser fetches, and only their address
// matters to the markup, so in Node an import of one gives its name.
require.extensions['.svg'] = (module, filename) => {
  module.exports = `/${filename.split(/[\\/]/).pop() ?? ''}`;
};

async function readStdin(): Promise<string> {
  let page = '';
  for await (const chunk of process.stdin) page += String(chunk);
  return page;
}

async function main(mode: string | undefined) {
  const page = await readStdin();
  if (mode === 'home') {
    const { renderHome } = await import('./renderHome');
    const { markup, styles } = renderHome();
    return withPrerenderedHome(page, markup, styles);
  }
  if (mode === 'portal' || mode === 'dashboard') {
    const { renderPortalStyles } = await import('./portalStyles');
    return withStyles(page, renderPortalStyles(mode));
  }
  throw new Error(`Unknown mode ${String(mode)}: home, portal or dashboard`);
}

main(process.argv[2]).then(
  (html) => process.stdout.write(html),
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
