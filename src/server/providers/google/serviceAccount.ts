import { createSign } from 'node:crypto';
import type { ServiceAccountKey } from './options';

// The service account's access tokens for the reseller admin (domain-wide delegation): Google's
// documented JWT-bearer exchange (RFC 7523), the assertion signed RS256 with the key file's private
// key, or without a key by the IAM Credentials API (keylessSigner.ts). google-auth-library's JWT
// client does the same but hard-codes Google's token URL, which GOOGLE_OAUTH_TOKEN_URL must be able to
// replace (docs/configuration-google.md, "Testing against an emulator"); the exchange is one signed
// POST, so it is done here with node:crypto and fetch.

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** Google's longest assertion lifetime. */
const ASSERTION_LIFETIME_SECONDS = 3600;
/** A token is renewed this long before Google says it expires. */
const RENEW_BEFORE_MS = 60_000;
const MS_PER_SECOND = 1000;

/** Where the sign-in failed: no runtime credentials, signJwt refused, or the token exchange. */
export type ServiceAccountStep = 'credentials' | 'signJwt' | 'exchange';

/** The sign-in failed; `cause` is the answer that refused it or the network's error. */
export class ServiceAccountError extends Error {
  constructor(
    cause: unknown,
    readonly step: ServiceAccountStep = 'exchange',
  ) {
    super(cause instanceof Error ? cause.message : 'the token exchange failed', { cause });
    this.name = 'ServiceAccountError';
  }
}

/** The token endpoint's refusal, shaped like a gaxios error so readFailure reads it. */
function refusal(status: number, data: Record<string, unknown>): Error {
  const reason = [data.error, data.error_description].filter((p) => typeof p === 'string');
  return Object.assign(new Error(reason.length > 0 ? reason.join(': ') : `HTTP ${status}`), {
    response: { status, data },
  });
}

/** The JWT claims of a domain-wide-delegation assertion (Google's service-account OAuth guide). */
export interface AssertionClaims {
  iss: string;
  sub: string;
  scope: string;
  aud: string;
  iat: number;
  exp: number;
}

/** Signs assertions as one service account: with its key, or through the IAM Credentials API. */
export interface AssertionSigner {
  /** The service account's e-mail, the assertion's issuer. */
  email: string;
  sign(claims: AssertionClaims, signal: AbortSignal): Promise<string>;
}

export interface ServiceAccountOptions {
  signer: AssertionSigner;
  /** The reseller admin the service account acts as. */
  subject: string;
  tokenUrl: string;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Signs with the key file's private key, here in the process. */
export function keySigner(key: ServiceAccountKey): AssertionSigner {
  return {
    email: key.client_email,
    async sign(claims) {
      const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}`;
      const signature = createSign('RSA-SHA256').update(unsigned).sign(key.private_key);
      return `${unsigned}.${signature.toString('base64url')}`;
    },
  };
}

/** The claims of an assertion asking for `scopes` on behalf of the subject. */
function assertionClaims(
  options: ServiceAccountOptions,
  scopes: readonly string[],
): AssertionClaims {
  const issuedAt = Math.floor(Date.now() / MS_PER_SECOND);
  return {
    iss: options.signer.email,
    sub: options.subject,
    scope: scopes.join(' '),
    aud: options.tokenUrl,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_SECONDS,
  };
}

interface CachedToken {
  token: string;
  renewAt: number;
}

/** Access tokens per scope set, cached until shortly before they expire; concurrent asks share one. */
export function createServiceAccountTokens(options: ServiceAccountOptions) {
  const cached = new Map<string, CachedToken>();
  const pending = new Map<string, Promise<string>>();

  async function exchange(scopes: readonly string[], signal: AbortSignal): Promise<CachedToken> {
    const assertion = await options.signer.sign(assertionClaims(options, scopes), signal);
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }),
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof body.access_token !== 'string') throw refusal(response.status, body);
    const lifetime = Number(body.expires_in) * MS_PER_SECOND;
    return { token: body.access_token, renewAt: Date.now() + lifetime - RENEW_BEFORE_MS };
  }

  return {
    async accessToken(scopes: readonly string[], signal: AbortSignal): Promise<string> {
      const key = [...scopes].sort().join(' ');
      const hit = cached.get(key);
      if (hit !== undefined && hit.renewAt > Date.now()) return hit.token;
      const inFlight = pending.get(key);
      if (inFlight !== undefined) return inFlight;
      const fetching = exchange(scopes, signal)
        .then((fresh) => {
          cached.set(key, fresh);
          return fresh.token;
        })
        .catch((error: unknown) => {
          throw error instanceof ServiceAccountError ? error : new ServiceAccountError(error);
        })
        .finally(() => pending.delete(key));
      pending.set(key, fetching);
      return fetching;
    },
    /** Google refused the token (revoked, expired early): the next call exchanges a new one. */
    forget(scopes: readonly string[]): void {
      cached.delete([...scopes].sort().join(' '));
    },
    clear(): void {
      cached.clear();
    },
  };
}

export type ServiceAccountTokens = ReturnType<typeof createServiceAccountTokens>;
