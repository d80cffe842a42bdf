import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_TEXT } from '../messages';
import { fakeGoogleEnv, startFakeGoogle, type FakeGoogle } from '../../testing/fakeGoogle';
import { signInWithGoogle } from '../../testing/server/googlePortal';
import { errorOf } from '../../testing/server/portalHarness';
import {
  PROCESS_START_TIMEOUT_MS,
  startPortalProcess,
  type PortalProcess,
} from '../../testing/server/portalProcess';

// Keyless credentials in a whole portal process (docs/configuration-google.md, "Keyless credentials"):
// no key, GOOGLE_SERVICE_ACCOUNT_EMAIL, and google-auth-library's application default credentials
// finding the (fake) metadata server as they would on Cloud Run, GKE or a VM.

const SESSION_SECRET = 'keyless-test-secret-'.padEnd(48, 'x');
const SIGN_JWT = /^\/v1\/projects\/-\/serviceAccounts\/[^/]+:signJwt$/;
jest.setTimeout(2 * PROCESS_START_TIMEOUT_MS);

let fake: FakeGoogle;
let portal: PortalProcess | undefined;
let dataDir: string;

beforeEach(async () => {
  fake = await startFakeGoogle();
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-keyless-'));
});
afterEach(async () => {
  await portal?.stop();
  portal = undefined;
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The portal in google mode with no key: only the service account's e-mail. */
async function startKeyless(env: Record<string, string> = {}): Promise<PortalProcess> {
  const { GOOGLE_SERVICE_ACCOUNT_KEY: _key, ...google } = fakeGoogleEnv(fake, SESSION_SECRET);
  portal = await startPortalProcess({
    dataDir,
    env: {
      ...google,
      GOOGLE_SERVICE_ACCOUNT_EMAIL: fake.serviceAccountEmail,
      GCE_METADATA_HOST: fake.metadataHost,
      ...env,
    },
  });
  return portal;
}

async function signIn(baseUrl: string, email: string) {
  return (await signInWithGoogle(baseUrl, fake, email)).answer;
}

it('signs in with the assertion signJwt signed, the runtime token from the metadata server', async () => {
  const { origin } = await startKeyless();
  const answer = await signIn(origin, 'admin@acme.example');
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ customerId: 'C0acme001', maximumNumberOfSeats: 50 });
  const paths = fake.calls.map((c) => c.path);
  expect(paths).toContain('/computeMetadata/v1/instance/service-accounts/default/token');
  expect(fake.calls.filter((c) => c.method === 'POST' && SIGN_JWT.test(c.path)).length).toBe(
    fake.calls.filter((c) => c.method === 'POST' && c.path === '/token').length,
  );
  expect(fake.calls.some((c) => c.path.startsWith('/apps/') && c.caller === 'reseller')).toBe(true);
});

it('without application default credentials: a 502 that says so, with the request id', async () => {
  const { origin } = await startKeyless({
    GCE_METADATA_HOST: '127.0.0.1:9',
    METADATA_SERVER_DETECTION: 'none',
  });
  const answer = await signIn(origin, 'admin@acme.example');
  expect(answer.status).toBe(502);
  expect(errorOf(answer).message).toBe(
    SERVER_TEXT.withRequestId(
      SERVER_TEXT.noDefaultCredentials("Google's Directory API (service-account sign-in)"),
      answer.headers.get('x-request-id') ?? '',
    ),
  );
});
