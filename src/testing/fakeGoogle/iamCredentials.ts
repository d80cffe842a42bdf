import { errorInfoError, googleError, type FakeAnswer } from './googleErrors';
import { FAKE_SERVICE_ACCOUNT, signWithSystemKey, SYSTEM_KEY_ID, type FakeOAuth } from './oauth';

// What keyless sign-in meets on Google's side: the metadata server of Cloud Run, GKE and VMs
// (computeMetadata/v1, answering only requests with Metadata-Flavor: Google) handing the runtime's
// service account an access token, and the IAM Service Account Credentials API's signJwt, which
// signs a JWT with the target service account's Google-managed key when the caller holds
// roles/iam.serviceAccountTokenCreator on it. Test-only.

/** The service account the fake runtime (the metadata server) runs as. */
/** Service accounts have numeric unique ids, like users. */
const RUNTIME_ACCOUNT_ID = '110000000000000000042';
export const FAKE_RUNTIME_ACCOUNT = 'portal-runtime@reseller-project.iam.gserviceaccount.com';
export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const METADATA_FLAVOR = 'Google';
const PROJECT_ID = 'reseller-project';
const TOKEN_LIFETIME_SECONDS = 3599;
/** signJwt refuses an exp more than 12 hours ahead (the reference). */
const MAX_SIGNED_LIFETIME_SECONDS = 12 * 60 * 60;
const MS_PER_SECOND = 1000;

export interface FakeIam {
  /** The IAM Service Account Credentials API is enabled in the reseller's project. */
  credentialsApiEnabled: boolean;
  /** Target service account → who holds roles/iam.serviceAccountTokenCreator on it. */
  tokenCreators: Map<string, Set<string>>;
}

export function defaultIam(): FakeIam {
  return {
    credentialsApiEnabled: true,
    tokenCreators: new Map([[FAKE_SERVICE_ACCOUNT, new Set([FAKE_RUNTIME_ACCOUNT])]]),
  };
}

const flavoured = (answer: FakeAnswer): FakeAnswer => ({
  ...answer,
  headers: { ...answer.headers, 'metadata-flavor': METADATA_FLAVOR },
});

/** GET /computeMetadata/v1/…: the instance, the project id, the default account's token. */
export function handleMetadata(
  oauth: FakeOAuth,
  method: string,
  url: URL,
  flavor: string | undefined,
): FakeAnswer | undefined {
  const path = url.pathname;
  if (!path.startsWith('/computeMetadata/v1/')) return undefined;
  if (flavor !== METADATA_FLAVOR || method !== 'GET') {
    return flavoured({ status: 403, body: 'Missing Metadata-Flavor:Google header.' });
  }
  const text = (body: string) =>
    flavoured({ status: 200, body, headers: { 'content-type': 'application/text' } });
  if (path === '/computeMetadata/v1/instance' || path === '/computeMetadata/v1/instance/') {
    return text('attributes/\nhostname\nid\nservice-accounts/\nzone\n');
  }
  if (path === '/computeMetadata/v1/project/project-id') return text(PROJECT_ID);
  const account =
    /^\/computeMetadata\/v1\/instance\/service-accounts\/([^/]+)\/(token|email)$/.exec(path);
  if (account !== null && (account[1] === 'default' || account[1] === FAKE_RUNTIME_ACCOUNT)) {
    if (account[2] === 'email') return text(FAKE_RUNTIME_ACCOUNT);
    const asked = url.searchParams.get('scopes');
    const scopes = asked === null ? [CLOUD_PLATFORM_SCOPE] : asked.split(',');
    return flavoured({
      status: 200,
      body: {
        access_token: oauth.issue(
          // The runtime's own service account: its numeric id is tokeninfo's sub.
          { sub: RUNTIME_ACCOUNT_ID, email: FAKE_RUNTIME_ACCOUNT, emailVerified: true },
          scopes,
          FAKE_RUNTIME_ACCOUNT,
          false,
        ),
        expires_in: TOKEN_LIFETIME_SECONDS,
        token_type: 'Bearer',
      },
    });
  }
  return flavoured({ status: 404, body: 'Not Found' });
}

/** POST /v1/projects/-/serviceAccounts/{email}:signJwt. */
export function handleSignJwt(
  iam: FakeIam,
  oauth: FakeOAuth,
  request: { method: string; path: string; token: string; body: unknown },
): FakeAnswer | undefined {
  const match = /^\/v1\/projects\/-\/serviceAccounts\/([^/:]+):signJwt$/.exec(request.path);
  if (match === null) return undefined;
  if (request.method !== 'POST') return googleError('notFound', 'Method not found.');
  const caller = oauth.holder(request.token);
  if (caller === undefined) return googleError('authError');
  if (!caller.scopes.includes(CLOUD_PLATFORM_SCOPE)) {
    return errorInfoError('ACCESS_TOKEN_SCOPE_INSUFFICIENT', 'iamcredentials.googleapis.com');
  }
  if (!iam.credentialsApiEnabled) {
    return errorInfoError('SERVICE_DISABLED', 'iamcredentials.googleapis.com');
  }
  const target = (match[1] ?? '').toLowerCase();
  // With the - wildcard, a missing account is a 403 too (the reference).
  if (iam.tokenCreators.get(target)?.has(caller.email) !== true) {
    return errorInfoError('IAM_PERMISSION_DENIED', 'iamcredentials.googleapis.com');
  }
  const fields = (
    typeof request.body === 'object' && request.body !== null ? request.body : {}
  ) as {
    payload?: unknown;
  };
  let claims: unknown;
  try {
    claims = typeof fields.payload === 'string' ? JSON.parse(fields.payload) : undefined;
  } catch {
    claims = undefined;
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    return googleError('invalid', 'Invalid JWT payload: must be a JSON object.');
  }
  const exp = (claims as { exp?: unknown }).exp;
  const nowSeconds = Math.floor(Date.now() / MS_PER_SECOND);
  if (
    exp !== undefined &&
    (!Number.isInteger(exp) ||
      Number(exp) < nowSeconds ||
      Number(exp) > nowSeconds + MAX_SIGNED_LIFETIME_SECONDS)
  ) {
    return googleError('invalid', 'Invalid JWT payload: exp is in the past or too far ahead.');
  }
  return {
    status: 200,
    body: { keyId: SYSTEM_KEY_ID, signedJwt: signWithSystemKey(fields.payload as string) },
  };
}
