import { HOST_COOKIE_PREFIX, SESSION_COOKIE, TOKEN_HEADER, XSRF_COOKIE } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import { sampleSubscription } from '../../contract/sampleSubscription';
import type { SubscriptionInfo } from '../../contract/subscription';
import { SERVER_TEXT } from '../messages';
import { HOSTILE_DEMO, HOSTILE_DEMO_DETAILS } from '../providers/sandbox/hostileDemo';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// GET /api/subscription-info and GET /api/email-validator against a listening portal over the sandbox.

const MS_PER_SECOND = 1000;
const TOKEN_LIFETIME_SECONDS = 3599;

const portal = portalForTests({}, 'all');

const infoUrl = (email: string) => `/api/subscription-info?email=${encodeURIComponent(email)}`;

function cookieLine(lines: string[], name: string): string {
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (line === undefined) throw new Error(`no ${name} cookie in ${lines.join(' | ')}`);
  return line;
}

describe('GET /api/health', () => {
  it('answers ok', async () => {
    const answer = await portal.browser().get('/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
  });
});

describe('GET /api/email-validator', () => {
  it.each([
    ['admin@acme.example', true],
    ['someone@stranger.example', true],
    ['person@elsewhere.example', false],
  ])('answers isGoogleAccount for %s', async (email, expected) => {
    const answer = await portal.browser().get(`/api/email-validator?email=${email}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ isGoogleAccount: expected });
  });

  const HOME_RULE = 'Enter a valid e-mail address.';
  it.each([
    ['no at sign', 'adminacme.example', HOME_RULE],
    ['a one-letter top level', 'admin@acme.e', HOME_RULE],
    ['a space', 'ad min@acme.example', HOME_RULE],
    ['a comma', 'admin,x@acme.example', HOME_RULE],
    [
      'too long',
      `${'a'.repeat(250)}@acme.example`,
      "Field 'email' must be at most 254 characters long.",
    ],
    ['empty', '', "Field 'email' must not be empty."],
    ['a zero-width space', 'admin\u200b@acme.example', HOME_RULE],
    ['a bidi override', 'admin\u202e@acme.example', HOME_RULE],
    ['a control character', 'admin\u0000@acme.example', HOME_RULE],
    ['markup', '<script>alert(1)</script>@acme.example', HOME_RULE],
  ])('refuses an address with %s with 400', async (_case, email, message) => {
    const answer = await portal
      .browser()
      .get(`/api/email-validator?email=${encodeURIComponent(email)}`);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 400, status: 'INVALID_ARGUMENT', message });
  });

  it('names the missing field and refuses unknown ones', async () => {
    const missing = await portal.browser().get('/api/email-validator');
    expect(errorOf(missing).message).toBe("Missing required field 'email' in the query.");
    const unknown = await portal.browser().get('/api/email-validator?email=a@acme.example&x=1');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown).message).toBe("Unknown field 'x' in the query.");
  });
});

describe('GET /api/subscription-info', () => {
  it('answers the admin subscription and starts a session', async () => {
    const browser = portal.browser();
    const answer = await browser.get<SubscriptionInfo>(infoUrl('admin@acme.example'), {
      [TOKEN_HEADER]: portal.token('admin@acme.example'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(
      sampleSubscription({
        accessRoles: { license: false, support: false },
        thumbnailPhotoUrl: expect.stringMatching(/^\/sandbox\/photos\//),
      }),
    );

    const lines = answer.headers.getSetCookie();
    const session = cookieLine(lines, SESSION_COOKIE);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Path=\//);
    expect(session).toMatch(new RegExp(`Max-Age=${SESSION_LIFETIME_MS / MS_PER_SECOND}`));
    expect(session).not.toMatch(/Secure/i);
    const xsrf = cookieLine(lines, XSRF_COOKIE);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Strict/i);
    // The session cookie is signed and carries no roles.
    const payload = JSON.parse(
      Buffer.from(browser.session?.split('.')[0] ?? '', 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect(Object.keys(payload).sort()).toEqual([
      'customerId',
      'email',
      'exp',
      'iat',
      'kind',
      'sid',
      'sub',
      'xsrf',
    ]);
  });

  it('matches the e-mail case-insensitively and reports delegate roles', async () => {
    const answer = await portal.browser().get<SubscriptionInfo>(infoUrl('Licences@ACME.example'), {
      [TOKEN_HEADER]: portal.token('licences@acme.example'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.isAdmin).toBe(false);
    expect(answer.body.accessRoles).toEqual({ license: true, support: false });
    const support = await portal.browser().get<SubscriptionInfo>(infoUrl('support@acme.example'), {
      [TOKEN_HEADER]: portal.token('support@acme.example'),
    });
    expect(support.body.accessRoles).toEqual({ license: false, support: true });
    const staff = await portal.browser().get<SubscriptionInfo>(infoUrl('staff@acme.example'), {
      [TOKEN_HEADER]: portal.token('staff@acme.example'),
    });
    expect(staff.body).toMatchObject({
      isAdmin: false,
      accessRoles: { license: false, support: false },
      thumbnailPhotoUrl: null,
    });
  });

  it('answers a Flexible plan as not annual', async () => {
    const answer = await portal.browser().get<SubscriptionInfo>(infoUrl('admin@flex.example'), {
      [TOKEN_HEADER]: portal.token('admin@flex.example'),
    });
    expect(answer.body).toMatchObject({ planName: 'FLEXIBLE', isAnnual: false, isAdmin: true });
  });

  it.each([
    ['missing', undefined],
    ['unknown', 'sandbox.not-a-real-token'],
    ['empty', ''],
  ])('refuses a %s token with the contract 401', async (_case, token) => {
    const headers: Record<string, string> = token === undefined ? {} : { [TOKEN_HEADER]: token };
    const answer = await portal.browser().get(infoUrl('admin@acme.example'), headers);
    expect(answer.status).toBe(401);
    expect(errorOf(answer)).toEqual({
      code: 401,
      status: 'UNAUTHENTICATED',
      message: ERROR_TEXT.unauthenticated,
    });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an expired token with the contract 401', async () => {
    const token = portal.token('admin@acme.example');
    portal.clock.advance(TOKEN_LIFETIME_SECONDS * MS_PER_SECOND + 1);
    const answer = await portal.browser().get(infoUrl('admin@acme.example'), {
      [TOKEN_HEADER]: token,
    });
    expect(answer.status).toBe(401);
    expect(errorOf(answer).message).toBe(ERROR_TEXT.unauthenticated);
  });

  it("refuses 403 when the e-mail is not the token's own", async () => {
    const answer = await portal.browser().get(infoUrl('admin@acme.example'), {
      [TOKEN_HEADER]: portal.token('staff@acme.example'),
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).status).toBe('PERMISSION_DENIED');
  });

  it('refuses a token whose address Google has not verified, with no session', async () => {
    const { provider } = portal.sandbox;
    const verify = provider.verifyToken.bind(provider);
    provider.verifyToken = async (token) => {
      const info = await verify(token);
      return info === null ? null : { ...info, emailVerified: false };
    };
    try {
      const answer = await portal.browser().get(infoUrl('support@acme.example'), {
        [TOKEN_HEADER]: portal.token('support@acme.example'),
      });
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toEqual({
        code: 403,
        status: 'PERMISSION_DENIED',
        message: SERVER_TEXT.notManagedAccount('support@acme.example'),
      });
      expect(answer.headers.getSetCookie()).toEqual([]);
    } finally {
      provider.verifyToken = verify;
    }
  });

  it('refuses the token of an account since replaced at the same address (another sub)', async () => {
    const token = portal.token('maria@acme-eu.example');
    portal.sandbox.replaceAccount('maria@acme-eu.example');
    const answer = await portal.browser().get(infoUrl('maria@acme-eu.example'), {
      [TOKEN_HEADER]: token,
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(SERVER_TEXT.notManagedAccount('maria@acme-eu.example'));
    expect(answer.headers.getSetCookie()).toEqual([]);
    // The new account, signing in itself, is the managed one.
    const fresh = await portal.browser().get(infoUrl('maria@acme-eu.example'), {
      [TOKEN_HEADER]: portal.token('maria@acme-eu.example'),
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses 403 with the scopes text when the token lacks the directory scope', async () => {
    const answer = await portal.browser().get(infoUrl('admin@acme.example'), {
      [TOKEN_HEADER]: portal.token('admin@acme.example', ['email', 'profile']),
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: ERROR_TEXT.insufficientScopes,
    });
  });

  it('refuses a non-customer with message and details naming the reseller', async () => {
    const answer = await portal.browser().get(infoUrl('someone@stranger.example'), {
      [TOKEN_HEADER]: portal.token('someone@stranger.example'),
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: 'Not a customer of Sandbox Reseller',
      details: 'Not a customer of Sandbox Reseller',
    });
  });

  it('answers 404 for a customer without a Workspace subscription', async () => {
    const answer = await portal.browser().get(infoUrl('admin@nosub.example'), {
      [TOKEN_HEADER]: portal.token('admin@nosub.example'),
    });
    expect(answer.status).toBe(404);
    expect(errorOf(answer)).toEqual({
      code: 404,
      status: 'NOT_FOUND',
      message: 'No Google Workspace subscription found for nosub.example.',
    });
  });

  it('passes the hostile demo customer’s error on as it came, markup and all, without a session', async () => {
    const validator = await portal
      .browser()
      .get(`/api/email-validator?email=${HOSTILE_DEMO.admin}`);
    expect(validator.body).toEqual({ isGoogleAccount: true });
    const answer = await portal.browser().get(infoUrl(HOSTILE_DEMO.admin), {
      [TOKEN_HEADER]: portal.token(HOSTILE_DEMO.admin),
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(errorOf(answer)).toEqual({
      code: 403,
      status: 'PERMISSION_DENIED',
      message: 'The reseller cannot show the subscription of hostile.example.',
      details: HOSTILE_DEMO_DETAILS,
    });
    for (const payload of ['<script>', '<img src=x onerror=', 'href="javascript:']) {
      expect(HOSTILE_DEMO_DETAILS).toContain(payload);
    }
  });

  it('refuses a missing e-mail with 400 before looking at the token', async () => {
    const answer = await portal.browser().get('/api/subscription-info', {
      [TOKEN_HEADER]: portal.token('admin@acme.example'),
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toMatch(/'email'/);
  });
});

describe('behind an https proxy', () => {
  const proxied = portalForTests({ env: { TRUST_PROXY: '1' } }, 'all');

  it('marks both cookies Secure and names them __Host-', async () => {
    const answer = await proxied.browser().get(infoUrl('admin@acme.example'), {
      [TOKEN_HEADER]: proxied.token('admin@acme.example'),
      'x-forwarded-proto': 'https',
    });
    expect(answer.status).toBe(200);
    const lines = answer.headers.getSetCookie();
    expect(cookieLine(lines, `${HOST_COOKIE_PREFIX}${SESSION_COOKIE}`)).toMatch(/; Secure/i);
    expect(cookieLine(lines, `${HOST_COOKIE_PREFIX}${XSRF_COOKIE}`)).toMatch(/; Secure/i);
  });
});
