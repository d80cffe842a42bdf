import { createSign, generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import type { FakeAnswer } from './googleErrors';

// Google's OAuth side, faked: user access tokens (as Google Identity Services would issue them),
// token information, and the service account's JWT-bearer exchange with domain-wide delegation,
// verified with the key's public half. Test-only.

export const FAKE_CLIENT_ID = 'portal-client.apps.googleusercontent.com';
export const FAKE_SERVICE_ACCOUNT = 'portal@reseller-project.iam.gserviceaccount.com';
const TOKEN_LIFETIME_SECONDS = 3599;
const MS_PER_SECOND = 1000;
/** Google accepts assertions whose iat is a little ahead of its clock. */
const CLOCK_SKEW_SECONDS = 300;
const MAX_ASSERTION_LIFETIME_SECONDS = 3600;
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The Google account a token is issued to: its id (tokeninfo's sub) and address. */
export interface FakeAccount {
  /** A managed user's is their directory id; a personal account's is its own. */
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface FakeToken {
  sub: string;
  email: string;
  emailVerified: boolean;
  scopes: string[];
  audience: string;
  expiresAt: number;
  /** Issued to the service account acting as a reseller admin. */
  delegated: boolean;
}

/** A call to one of the fake's APIs, with the holder of the token it carries. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  holder: FakeToken | undefined;
}

interface KeyPair {
  privatePem: string;
  publicKey: KeyObject;
}

/** An RSA key pair made on first use, then kept: generating one per test would cost more than the tests. */
function keyPairOnce(): () => KeyPair {
  let made: KeyPair | undefined;
  return () => {
    if (made === undefined) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      made = {
        privatePem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey: pair.publicKey,
      };
    }
    return made;
  };
}

/** The service account key's pair, one per process. */
const keys = keyPairOnce();
/** The service account's Google-managed key, which the IAM Credentials API's signJwt signs with. */
const systemKey = keyPairOnce();
/** signJwt names the key it used in keyId and in the JWT header's kid. */
export const SYSTEM_KEY_ID = 'f3a1c0ffee0000000000000000000000000000aa';

/** A JWT over `payload` signed with the Google-managed key, as signJwt returns it. */
export function signWithSystemKey(payload: string): string {
  const header = Buffer.from(
    JSON.stringify({ alg: 'RS256', kid: SYSTEM_KEY_ID, typ: 'JWT' }),
  ).toString('base64url');
  const unsigned = `${header}.${Buffer.from(payload).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(systemKey().privatePem);
  return `${unsigned}.${signature.toString('base64url')}`;
}

/** The service-account key file the reseller would download (the fields the portal reads). */
export function fakeServiceAccountKey() {
  return {
    type: 'service_account',
    client_email: FAKE_SERVICE_ACCOUNT,
    private_key: keys().privatePem,
  };
}

function oauthError(status: number, error: string, description: string): FakeAnswer {
  return { status, body: { error, error_description: description } };
}

function decodePart(part: string | undefined): Record<string, unknown> | null {
  if (part === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface OAuthOptions {
  /** The token URL the assertion must name as its audience. */
  tokenUrl: () => string;
  /** Scopes the reseller's admin allowed this client for (domain-wide delegation). */
  delegatedScopes: readonly string[];
  /** The reseller admin whom the service account may act as, or undefined for anyone else. */
  resellerAdmin: (email: string) => FakeAccount | undefined;
  now: () => number;
}

export function createOAuth(options: OAuthOptions) {
  const tokens = new Map<string, FakeToken>();

  function issue(
    account: FakeAccount,
    scopes: readonly string[],
    audience: string,
    delegated: boolean,
  ): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.set(token, {
      sub: account.sub,
      email: account.email.toLowerCase(),
      emailVerified: account.emailVerified,
      scopes: [...new Set(scopes)],
      audience,
      expiresAt: options.now() + TOKEN_LIFETIME_SECONDS * MS_PER_SECOND,
      delegated,
    });
    return token;
  }

  /** The holder of a live token, or undefined for an unknown or expired one. */
  function holder(token: string): FakeToken | undefined {
    const found = tokens.get(token);
    return found !== undefined && found.expiresAt > options.now() ? found : undefined;
  }

  /** POST /token with grant_type jwt-bearer: Google's service-account exchange. */
  function exchange(form: URLSearchParams): FakeAnswer {
    if (form.get('grant_type') !== JWT_BEARER) {
      return oauthError(400, 'unsupported_grant_type', 'Invalid grant_type.');
    }
    const assertion = form.get('assertion') ?? '';
    const [header, payload, signature] = assertion.split('.');
    const head = decodePart(header);
    const claims = decodePart(payload);
    if (head === null || claims === null || signature === undefined || head.alg !== 'RS256') {
      return oauthError(400, 'invalid_grant', 'Invalid JWT: malformed assertion.');
    }
    // Google checks the signature with whichever of the account's keys the header's kid names.
    const publicKey = head.kid === SYSTEM_KEY_ID ? systemKey().publicKey : keys().publicKey;
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    if (!signed || claims.iss !== FAKE_SERVICE_ACCOUNT) {
      return oauthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    }
    // The assertion carries real time (the signer's clock); Google checks it against its own.
    const nowSeconds = Math.floor(Date.now() / MS_PER_SECOND);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (
      claims.aud !== options.tokenUrl() ||
      !(iat <= nowSeconds + CLOCK_SKEW_SECONDS) ||
      !(exp > nowSeconds) ||
      exp - iat > MAX_ASSERTION_LIFETIME_SECONDS
    ) {
      return oauthError(
        400,
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token and in a reasonable timeframe.',
      );
    }
    const subject = typeof claims.sub === 'string' ? claims.sub : '';
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    const admin = options.resellerAdmin(subject);
    if (
      admin === undefined ||
      scopes.length === 0 ||
      scopes.some((s) => !options.delegatedScopes.includes(s))
    ) {
      return oauthError(
        401,
        'unauthorized_client',
        'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
      );
    }
    return {
      status: 200,
      body: {
        access_token: issue(admin, scopes, FAKE_SERVICE_ACCOUNT, true),
        expires_in: TOKEN_LIFETIME_SECONDS,
        token_type: 'Bearer',
      },
    };
  }

  /** GET or POST /tokeninfo?access_token=…: what Google says about a token. */
  function tokenInfo(accessToken: string): FakeAnswer {
    const found = holder(accessToken);
    if (found === undefined) return oauthError(400, 'invalid_token', 'Invalid Value');
    const expiresIn = Math.floor((found.expiresAt - options.now()) / MS_PER_SECOND);
    return {
      status: 200,
      body: {
        azp: found.audience,
        aud: found.audience,
        // The account's id: a managed user's directory id, a personal account's own.
        sub: found.sub,
        scope: found.scopes.join(' '),
        exp: String(Math.floor(found.expiresAt / MS_PER_SECOND)),
        expires_in: String(expiresIn),
        email: found.email,
        // Google answers the flag as a string.
        email_verified: String(found.emailVerified),
        access_type: 'online',
      },
    };
  }

  return {
    issue,
    holder,
    exchange,
    tokenInfo,
    /** For the popup: a user token as Google Identity Services hands it to the page. */
    popupToken(account: FakeAccount, scopes: readonly string[], clientId: string) {
      return {
        access_token: issue(account, scopes, clientId, false),
        expires_in: TOKEN_LIFETIME_SECONDS,
        scope: [...new Set(scopes)].join(' '),
        token_type: 'Bearer' as const,
      };
    },
  };
}

export type FakeOAuth = ReturnType<typeof createOAuth>;
