import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { SESSION_COOKIE } from '../../contract/api';
import { readConfig } from '../config';
import { contentSecurityDirectives, helmetOptions } from '../plugins/contentSecurity';
import { securityHeadersOf } from '../plugins/securityHeaders';
import { removeDataDir, startPortal, portalForTests } from '../../testing/server/portalHarness';

// What every request pays for, made cheap without changing what a caller or an operator sees
// (docs/performance.md): the security headers, the log line and the session cookie check.

const DELEGATES = '/api/licence-delegate?customer=C0acme001';

const portal = portalForTests({}, 'all');

/** The headers @fastify/helmet itself sets for these options, read from a throwaway app. */
async function helmetPluginHeaders(options: ReturnType<typeof helmetOptions>) {
  const app = Fastify();
  await app.register(fastifyHelmet, options);
  app.get('/', async () => 'ok');
  const answer = await app.inject('/');
  await app.close();
  const { 'content-type': _type, 'content-length': _length, ...headers } = answer.headers;
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !/^(date|connection|keep-alive)$/.test(name)),
  );
}

/** A portal's configuration with a support site on another origin, in either mode. */
function configFor(provider: 'sandbox' | 'google') {
  return readConfig(
    {
      PORTAL_PROVIDER: provider,
      SESSION_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
      RESELLER_NAME: 'Example Reseller',
      CONTACT_URL: 'https://reseller.example/contact',
      HELPDESK_URL: 'https://help.reseller.example/',
      SUPPORT_SITE_URL: 'https://support.reseller.example/portal',
    },
    '/tmp',
  );
}

describe('security headers', () => {
  it.each(['sandbox', 'google'] as const)(
    'are exactly the ones @fastify/helmet sets (%s mode)',
    async (provider) => {
      const config = configFor(provider);
      const expected = await helmetPluginHeaders(helmetOptions(config));
      expect(await securityHeadersOf(helmetOptions(config))).toEqual(expected);
      expect(expected['content-security-policy']).toContain('https://support.reseller.example');
    },
  );

  it('are on API answers, refusals, unknown paths and pages alike', async () => {
    const expected = await securityHeadersOf(helmetOptions(portal.config));
    const admin = await portal.signIn('admin@acme.example');
    const answers = await Promise.all([
      admin.get(DELEGATES),
      portal.browser().get(DELEGATES),
      portal.browser().get('/no-such-page'),
      portal.browser().get('/'),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 200]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) {
        expect({ name, value: answer.headers.get(name) }).toEqual({ name, value: String(value) });
      }
    }
  });

  it("leave the sandbox support site's own frame policy in place", async () => {
    const answer = await portal.browser().get('/sandbox/support-site');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});

describe('the Content-Security-Policy in google mode', () => {
  it('adds exactly what Google Identity Services and the support site need', () => {
    const directives = contentSecurityDirectives(configFor('google'));
    expect(directives.scriptSrc).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(directives.connectSrc).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/',
      'https://oauth2.googleapis.com/revoke',
    ]);
    // Photos come from the portal itself (GET /api/photo), not from Google's photo hosts.
    expect(directives.imgSrc).toEqual(["'self'", 'data:']);
    expect(directives.frameSrc).toEqual([
      "'self'",
      'https://support.reseller.example',
      'https://accounts.google.com/gsi/',
    ]);
    expect(JSON.stringify(directives)).not.toContain('unsafe-eval');
  });
});

describe('request logs', () => {
  const linesOf = (requestId: string | null) =>
    portal.logs.filter((line) => line.reqId === requestId && line.audit !== true);

  it('write one line per request, when it is answered, with the request and its status', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.get(DELEGATES);
    const lines = linesOf(answer.headers.get('x-request-id'));
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: { method: 'GET', path: '/api/licence-delegate', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    // Session-free and query-free: no header, not even a redacted cookie, and no customer id.
    expect(JSON.stringify(lines)).not.toMatch(/headers|cookie|redacted|C0acme001/);
  });

  it('write one line for a refused request too', async () => {
    const answer = await portal.browser().get(DELEGATES);
    expect(answer.status).toBe(401);
    const lines = linesOf(answer.headers.get('x-request-id'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ res: { statusCode: 401 } });
  });
});

describe('session cookies', () => {
  it('are refused by a portal with another secret, even once the issuing portal accepted them', async () => {
    const other = await startPortal({ env: { SESSION_SECRET: 'another-secret-'.repeat(3) } });
    try {
      const admin = await portal.signIn('admin@acme.example');
      expect((await admin.get(DELEGATES)).status).toBe(200);
      const stranger = other.browser();
      stranger.cookies.set(SESSION_COOKIE, admin.session ?? '');
      expect((await stranger.get(DELEGATES)).status).toBe(401);
      // And the other way round, after the other portal has accepted its own.
      const otherAdmin = await other.signIn('admin@acme.example');
      expect((await otherAdmin.get(DELEGATES)).status).toBe(200);
      admin.cookies.set(SESSION_COOKIE, otherAdmin.session ?? '');
      expect((await admin.get(DELEGATES)).status).toBe(401);
    } finally {
      await other.close();
      removeDataDir(other.dataDir);
    }
  });
});
