// Sessions and the headers of every answer (docs/security.md): forged, tampered, replayed and
// expired sessions are refused; cookies carry their flags; every answer carries the security headers;
// a spoofed X-Forwarded-For neither escapes the rate limit nor makes a cookie Secure.
import { sign } from '@fastify/cookie';
import { SESSION_COOKIE, TOKEN_HEADER, XSRF_COOKIE } from '../../src/contract/api';
import { ERROR_TEXT } from '../../src/contract/errors';
import { SESSION_LIFETIME_MS } from '../../src/contract/limits';
import { encodeSession } from '../../src/server/auth/session';
import {
  errorOf,
  removeDataDir,
  startPortal,
  type Answer,
  type Browser,
  type Portal,
} from '../../src/server/testing/portalHarness';
import { tamperedSession } from './support/callers';

const DELEGATES = '/api/licence-delegate?customer=C0acme001';
const ADD_ONE = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001', numberOfSeats: 21 };
const MAX_AGE_SECONDS = SESSION_LIFETIME_MS / 1000;

let portal: Portal;
beforeEach(async () => {
  portal = await startPortal();
});
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

function claimsOf(browser: Browser): Record<string, unknown> {
  const [payload = ''] = (browser.session ?? '').split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Both calls a session opens, a read and a change: both must be refused with the contract's 401. */
async function expectRefused(browser: Browser): Promise<void> {
  const answers: Answer[] = [
    await browser.get(DELEGATES),
    await browser.post('/api/add-licence', ADD_ONE),
  ];
  for (const answer of answers) {
    expect(answer.status).toBe(401);
    expect(errorOf(answer)).toEqual({
      code: 401,
      status: 'UNAUTHENTICATED',
      message: ERROR_TEXT.unauthenticated,
    });
  }
  const acme = await portal.sandbox.provider.findWorkspaceSubscription('C0acme001');
  expect(acme?.numberOfSeats).toBe(20);
}

describe('session forgery', () => {
  it('accepts the genuine session (the baseline every forgery below departs from)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect((await admin.get(DELEGATES)).status).toBe(200);
  });

  it.each([
    ['another customer', { customerId: 'C0flex001' }],
    ['another person', { email: 'staff@acme.example' }],
    ['a longer life', { exp: Date.UTC(2100, 0, 1) }],
    ['another XSRF fingerprint', { xsrf: 'x'.repeat(43) }],
  ])('refuses claims changed to %s under the original signature', async (_case, change) => {
    const admin = await portal.signIn('admin@acme.example');
    admin.cookies.set(SESSION_COOKIE, tamperedSession(admin.session ?? '', change));
    await expectRefused(admin);
  });

  it('refuses a session signed with another secret', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const claims = claimsOf(admin);
    const forged = sign(encodeSession(claims as never), 'another-secret-of-at-least-32-characters');
    admin.cookies.set(SESSION_COOKIE, forged);
    await expectRefused(admin);
  });

  it.each([
    ['unsigned claims', (payload: string) => payload],
    ['an empty signature', (payload: string) => `${payload}.`],
    [
      'a signature of other claims',
      (payload: string, signature: string) => `${payload}.${signature}`,
    ],
    [
      'a truncated signature',
      (payload: string, signature: string) => `${payload}.${signature.slice(0, 10)}`,
    ],
    ['garbage', () => '%%%.!!!'],
    ['an oversized value', () => 'a'.repeat(3000)],
  ])('refuses %s', async (_case, build) => {
    const admin = await portal.signIn('admin@acme.example');
    const staff = await portal.signIn('staff@acme.example');
    const [payload = ''] = (admin.session ?? '').split('.');
    const [, staffSignature = ''] = (staff.session ?? '').split('.');
    admin.cookies.set(SESSION_COOKIE, build(payload, staffSignature));
    await expectRefused(admin);
  });

  it.each([
    ['not JSON', Buffer.from('not json').toString('base64url')],
    [
      'claims without a customer',
      Buffer.from(JSON.stringify({ email: 'admin@acme.example', exp: 1, xsrf: 'x' })).toString(
        'base64url',
      ),
    ],
    [
      'an exp that is text',
      Buffer.from(
        JSON.stringify({
          email: 'a@acme.example',
          customerId: 'C0acme001',
          exp: 'never',
          xsrf: 'x',
        }),
      ).toString('base64url'),
    ],
  ])('refuses correctly signed claims that are %s', async (_case, payload) => {
    // Only someone holding the secret could sign these; the portal still refuses what it cannot read.
    const admin = await portal.signIn('admin@acme.example');
    admin.cookies.set(SESSION_COOKIE, sign(payload, portal.config.sessionSecret));
    await expectRefused(admin);
  });

  it('refuses a session after the secret changes (a restart with a new SESSION_SECRET)', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const { dataDir } = portal;
    await portal.close();
    portal = await startPortal({ dataDir, env: { SESSION_SECRET: 'n'.repeat(48) } });
    const moved = portal.browser();
    for (const [name, value] of admin.cookies) moved.cookies.set(name, value);
    await expectRefused(moved);
  });

  it("refuses another session's XSRF token even with a genuine session", async () => {
    const admin = await portal.signIn('admin@acme.example');
    const other = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', ADD_ONE, {
      xsrf: other.cookies.get(XSRF_COOKIE) ?? '',
    });
    expect(answer.status).toBe(403);
  });
});

describe('session expiry', () => {
  it('holds for 59 minutes to the millisecond, then refuses reads and changes', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect(claimsOf(admin).exp).toBe(portal.clock.now + SESSION_LIFETIME_MS);
    portal.clock.advance(SESSION_LIFETIME_MS - 1);
    expect((await admin.get(DELEGATES)).status).toBe(200);
    portal.clock.advance(1);
    await expectRefused(admin);
  });

  it('refuses an expired identity token at sign-in', async () => {
    const token = portal.token('admin@acme.example');
    portal.clock.advance(3_599_000);
    const answer = await portal
      .browser()
      .get('/api/subscription-info?email=admin@acme.example', { [TOKEN_HEADER]: token });
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('cookie flags', () => {
  function cookieLine(answer: Answer, name: string): string {
    const line = answer.headers
      .getSetCookie()
      .find((candidate) => candidate.startsWith(`${name}=`));
    if (line === undefined) throw new Error(`no ${name} cookie`);
    return line;
  }

  const signInAnswer = (target: Portal, headers: Record<string, string> = {}) =>
    target.browser().get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: target.token('admin@acme.example'),
      ...headers,
    });

  it('sets the session HttpOnly, SameSite=Strict, Path=/, 59 minutes, no Domain', async () => {
    const answer = await signInAnswer(portal);
    const session = cookieLine(answer, SESSION_COOKIE);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Strict/i);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).toMatch(new RegExp(`; Max-Age=${MAX_AGE_SECONDS}(;|$)`));
    expect(session).not.toMatch(/; Domain=/i);
    // Plain http on loopback: not Secure (a browser would drop a Secure cookie here).
    expect(session).not.toMatch(/; Secure/i);
  });

  it('sets the XSRF cookie readable by script, but otherwise the same', async () => {
    const xsrf = cookieLine(await signInAnswer(portal), XSRF_COOKIE);
    expect(xsrf).not.toMatch(/; HttpOnly/i);
    expect(xsrf).toMatch(/; SameSite=Strict/i);
    expect(xsrf).toMatch(new RegExp(`; Max-Age=${MAX_AGE_SECONDS}(;|$)`));
  });

  it('marks both Secure behind a trusted TLS proxy, and ignores a client claiming https itself', async () => {
    const spoofed = await signInAnswer(portal, { 'x-forwarded-proto': 'https' });
    expect(cookieLine(spoofed, SESSION_COOKIE)).not.toMatch(/; Secure/i);

    const proxied = await startPortal({ env: { TRUST_PROXY: '1' } });
    try {
      const answer = await signInAnswer(proxied, { 'x-forwarded-proto': 'https' });
      expect(cookieLine(answer, SESSION_COOKIE)).toMatch(/; Secure/i);
      expect(cookieLine(answer, XSRF_COOKIE)).toMatch(/; Secure/i);
    } finally {
      await proxied.close();
      removeDataDir(proxied.dataDir);
    }
  });

  it('sets no cookie on a refused sign-in', async () => {
    const answer = await portal.browser().get('/api/subscription-info?email=admin@acme.example', {
      [TOKEN_HEADER]: 'not-a-token',
    });
    expect(answer.status).toBe(401);
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});

describe('security headers on every kind of answer', () => {
  it.each([
    ['an API answer', 'GET', '/api/health'],
    ['an API refusal', 'GET', DELEGATES],
    ['an unknown API path', 'GET', '/api/nothing'],
    ['the SPA', 'GET', '/'],
    ['a client route', 'GET', '/licenses'],
    ['a built asset', 'GET', '/main.0123abcd.js'],
    ['an unknown page', 'GET', '/nothing'],
    ['a HEAD', 'HEAD', '/'],
  ])('on %s', async (_case, method, url) => {
    const answer = await portal.browser().request(method, url);
    const policy = answer.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'self'");
    expect(directives.get('form-action')).toBe("'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(answer.headers.get('x-powered-by')).toBeNull();
    if (url.startsWith('/api') || url === '/' || url === '/licenses') {
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('client addresses', () => {
  it('does not let a spoofed X-Forwarded-For escape the rate limit', async () => {
    const limited = await startPortal({ rateLimitMax: 3 });
    try {
      const browser = limited.browser();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await browser.get('/api/email-validator?email=a@acme.example', {
          'x-forwarded-for': `203.0.113.${attempt}`,
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
      removeDataDir(limited.dataDir);
    }
  });
});
