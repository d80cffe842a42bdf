// Errors from upstream (docs/security.md): a 5xx caused by Google or the network answers a fixed text
// and the request id, and what Google or the network said goes to the log only; the 403 and 401
// texts the client's error catalogue keys on stay exactly as they are. A real portal process in
// google mode against the fake Google, whose answers carry words no client may see.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, TOKEN_HEADER } from '../../src/contract/api';
import { ERROR_TEXT } from '../../src/contract/errors';
import { SIGN_IN_SCOPES } from '../../src/contract/limits';
import { SERVER_TEXT } from '../../src/server/messages';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../src/testing/fakeGoogle';
import { signInWithGoogle } from '../../src/testing/server/googlePortal';
import { removeDataDir } from '../../src/testing/server/portalHarness';
import { startPortalProcess, type PortalProcess } from '../../src/testing/server/portalProcess';

const SESSION_SECRET = 'a-session-secret-of-at-least-thirty-two-characters';
/** Words of Google's and the network's that would tell an attacker about the reseller's systems. */
const SECRET_WORDS = 'db-7.corp.internal 10.20.30.40';

let fake: FakeGoogle;
let portal: PortalProcess;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeGoogle();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-upstream-'));
  portal = await startPortalProcess({
    dataDir,
    env: {
      ...fakeGoogleEnv(fake, SESSION_SECRET),
      LOG_LEVEL: 'error',
      // Every failure below is asked for once; the cache would hide the second ask.
      GOOGLE_CACHE_TTL_MS: '0',
    },
  });
});

afterAll(async () => {
  await portal.stop();
  await fake.close();
  removeDataDir(dataDir);
});

async function signIn(email: string) {
  const { answer } = await signInWithGoogle(portal.origin, fake, email);
  const body = answer.body as { error?: { code: number; message: string } };
  return { answer, body, requestId: answer.headers.get('x-request-id') ?? '' };
}

const CUSTOMERS = /^\/apps\/reseller\/v1\/customers\//;

describe('a 5xx caused by Google or the network', () => {
  it("answers a fixed text and the request id for Google's 500, and logs Google's words", async () => {
    const body = { error: { code: 500, message: `Backend Error at ${SECRET_WORDS}` } };
    fake.failNext('GET', CUSTOMERS, { status: 500, body }, 3);
    const { answer, body: sent, requestId } = await signIn('admin@acme.example');
    expect(answer.status).toBe(502);
    expect(sent.error?.message).toBe(
      SERVER_TEXT.withRequestId(SERVER_TEXT.upstreamFailed("Google's Reseller API"), requestId),
    );
    expect(JSON.stringify(sent)).not.toMatch(/db-7|10\.20\.30\.40|Backend Error/);
    const output = await portal.outputContaining(SECRET_WORDS);
    // A sign-in's retried reads all listen to the one request's deadline: no leak warning for that.
    expect(output).not.toContain('MaxListenersExceededWarning');
  });

  it("answers a fixed text for a dropped connection, with none of the network's words", async () => {
    fake.failNext('GET', CUSTOMERS, 'reset', 3);
    const { answer, body, requestId } = await signIn('admin@acme.example');
    expect(answer.status).toBe(502);
    expect(body.error?.message).toBe(
      SERVER_TEXT.withRequestId(
        SERVER_TEXT.upstreamUnreachable("Google's Reseller API"),
        requestId,
      ),
    );
    expect(body.error?.message).not.toMatch(/ECONNRESET|socket|fetch failed|127\.0\.0\.1/i);
  });

  it('answers a fixed text for a refusal Google explains in its own words', async () => {
    const body = {
      error: { code: 400, message: `Invalid request routed to ${SECRET_WORDS}`, status: 'x' },
    };
    fake.failNext('GET', CUSTOMERS, { status: 400, body });
    const { answer, body: sent, requestId } = await signIn('admin@acme.example');
    expect(answer.status).toBe(502);
    expect(sent.error?.message).toBe(
      SERVER_TEXT.withRequestId(SERVER_TEXT.upstreamRefused("Google's Reseller API"), requestId),
    );
  });
});

describe("the texts the client's error catalogue keys on", () => {
  it("stay exact: 'Not a customer of …' and the insufficient-scopes 403, with no request id", async () => {
    const stranger = await fetch(
      `${portal.origin}${API_PATHS.subscriptionInfo}?email=someone%40stranger.example`,
      {
        headers: {
          [TOKEN_HEADER]: fake.issueToken('someone@stranger.example', SIGN_IN_SCOPES),
        },
      },
    );
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toMatchObject({
      error: {
        message: ERROR_TEXT.notACustomer('Example Reseller'),
        details: ERROR_TEXT.notACustomer('Example Reseller'),
      },
    });

    const scopes = SIGN_IN_SCOPES.filter((scope) => !scope.includes('admin.directory'));
    const narrow = await fetch(
      `${portal.origin}${API_PATHS.subscriptionInfo}?email=admin%40acme.example`,
      { headers: { [TOKEN_HEADER]: fake.issueToken('admin@acme.example', scopes) } },
    );
    expect(narrow.status).toBe(403);
    expect(await narrow.json()).toMatchObject({
      error: { message: ERROR_TEXT.insufficientScopes },
    });
  });
});
