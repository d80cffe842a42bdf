import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XSRF_COOKIE } from '../../contract/api';
import { PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../contract/config';
import {
  DASHBOARD_PAGE_FILE,
  PRERENDERED_HOME_FILE,
  withPrerenderedHome,
  withStyles,
} from '../../contract/prerender';
import { injectPortalConfig } from '../spa';
import { TEST_INDEX_HTML, type Portal, portalForTests } from '../../testing/server/portalHarness';

// The built client, its runtime configuration and the security headers.

function configBlockOf(html: string): PortalConfig {
  const match = new RegExp(
    `<script type="application/json" id="${PORTAL_CONFIG_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  if (match?.[1] === undefined) throw new Error('no config block');
  return JSON.parse(match[1]) as PortalConfig;
}

describe('serving the SPA', () => {
  const portal = portalForTests({ env: { PORTAL_RECORDING: 'on' } }, 'all');

  it.each(['/', '/licenses', '/forbidden', '/support'])(
    'serves index.html with the config block at %s',
    async (route) => {
      const answer = await portal.browser().get(route);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/text\/html/);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.text.indexOf(PORTAL_CONFIG_ELEMENT_ID)).toBeLessThan(
        answer.text.indexOf('</head>'),
      );
      expect(configBlockOf(answer.text)).toEqual({
        identity: {
          kind: 'sandbox',
          clientId: 'sandbox-client',
          authorizeUrl: '/sandbox/oauth/authorize',
        },
        contactUrl: '/sandbox/contact',
        helpdeskUrl: '/sandbox/helpdesk',
        supportSiteUrl: '/sandbox/support-site',
        helpCentreUrl: expect.stringMatching(/^https:\/\//),
        recording: true,
        xsrfCookie: XSRF_COOKIE,
      });
    },
  );

  it('caches hashed assets for a year', async () => {
    const answer = await portal.browser().get('/main.0123abcd.js');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/max-age=31536000, immutable/);
  });

  it('sends a CSP without unsafe-eval that frames nobody', async () => {
    const answer = await portal.browser().get('/licenses');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).not.toContain('googleusercontent.com');
  });

  it('answers an unknown page with 404, not the SPA', async () => {
    const answer = await portal.browser().get('/no-such-page');
    expect(answer.status).toBe(404);
  });
});

/**
 * A page the build writes beside index.html for some routes (docs/performance.md): a portal whose
 * client holds `html` as `file`, and the check that the file is not served under its own name.
 */
function describeBuildPage(
  title: string,
  file: string,
  html: string,
  routes: (portal: () => Portal) => void,
) {
  describe(title, () => {
    const portal = portalForTests({}, 'all');
    beforeAll(() => {
      writeFileSync(path.join(portal.dataDir, 'client', file), html);
    });

    routes(() => portal);

    it('is not served as a file without its configuration', async () => {
      const answer = await portal.browser().get(`/${file}`);
      expect(answer.status).toBe(404);
    });
  });
}

/**
 * A page of the build as a browser gets it at `route`: 200, brotli, never cached and carrying the
 * portal's configuration block; its text for the checks of each page.
 */
async function sentPage(portal: Portal, route: string): Promise<string> {
  const answer = await portal.browser().get(route, { 'accept-encoding': 'br' });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-encoding')).toBe('br');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(configBlockOf(answer.text).identity.kind).toBe('sandbox');
  return answer.text;
}

const HOME_MARKUP = '<main><h1>Customer Portal</h1></main>';

describeBuildPage(
  'the pre-rendered home page (docs/performance.md)',
  PRERENDERED_HOME_FILE,
  withPrerenderedHome(TEST_INDEX_HTML, HOME_MARKUP, '<style>main{}</style>'),
  (portal) => {
    it.each(['/', '/index.html'])('is what %s sends, with the config block', async (route) => {
      const text = await sentPage(portal(), route);
      expect(text).toContain(`<div id="root">${HOME_MARKUP}</div>`);
      const styles = text.indexOf('<style>main{}</style>');
      expect(styles).toBeGreaterThan(0);
      expect(styles).toBeLessThan(text.indexOf('</head>'));
    });

    it.each(['/?customer=support', '/licenses', '/forbidden', '/support'])(
      'is not sent for %s, which gets the empty page',
      async (route) => {
        const answer = await portal().browser().get(route);
        expect(answer.status).toBe(200);
        expect(answer.text).toContain('<div id="root"></div>');
        expect(answer.text).not.toContain(HOME_MARKUP);
      },
    );
  },
);

const DASHBOARD_STYLES = '<style>.dashboard-only{}</style>';

describeBuildPage(
  'the dashboard’s own page (docs/performance.md)',
  DASHBOARD_PAGE_FILE,
  withStyles(TEST_INDEX_HTML, DASHBOARD_STYLES),
  (portal) => {
    it.each(['/licenses', '/licenses?from=mail'])(
      'is what %s sends, compressed, uncached and with the config block',
      async (route) => {
        const text = await sentPage(portal(), route);
        expect(text).toContain(DASHBOARD_STYLES);
        expect(text).toContain('<div id="root"></div>');
      },
    );

    it.each(['/', '/?customer=support', '/forbidden', '/support'])(
      'is not sent for %s',
      async (route) => {
        const answer = await portal().browser().get(route);
        expect(answer.status).toBe(200);
        expect(answer.text).not.toContain(DASHBOARD_STYLES);
      },
    );
  },
);

describe('the page template filled at build time', () => {
  it('takes the markup into the root and the styles into the head, and refuses another template', () => {
    expect(withPrerenderedHome(TEST_INDEX_HTML, '<p>$&</p>', '<style>p{}</style>')).toBe(
      '<!doctype html><html><head><title>Portal</title><style>p{}</style></head>' +
        '<body><div id="root"><p>$&</p></div></body></html>',
    );
    expect(() => withPrerenderedHome('<html><body></body></html>', '', '')).toThrow(
      /no <div id="root"><\/div>/,
    );
  });
});

describe('without a client build', () => {
  const portal = portalForTests({ withClient: false }, 'all');

  it('answers a readable 503 page to a browser and the envelope to a script', async () => {
    rmSync(path.join(portal.dataDir, 'client'), { recursive: true, force: true });
    const page = await portal.browser().get('/', { accept: 'text/html' });
    expect(page.status).toBe(503);
    expect(page.text).toContain('Portal not built yet');
    const json = await portal.browser().get('/licenses', { accept: 'application/json' });
    expect(json.status).toBe(503);
    expect(json.body).toMatchObject({ error: { code: 503, status: 'UNAVAILABLE' } });
    expect((await portal.browser().get('/api/health')).status).toBe(200);
  });
});

describe('the config block', () => {
  it('escapes < so no value can close the script element', () => {
    const html = injectPortalConfig('<html><head></head><body></body></html>', {
      identity: { kind: 'sandbox', clientId: '</script><script>alert(1)</script>' },
      contactUrl: '/c',
      helpdeskUrl: '/h',
      supportSiteUrl: '/s',
      helpCentreUrl: '/hc',
    });
    expect(html).not.toContain('</script><script>');
    expect(configBlockOf(html).identity.clientId).toBe('</script><script>alert(1)</script>');
  });
});
