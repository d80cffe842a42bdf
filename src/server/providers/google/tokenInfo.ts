import type { TokenInfo } from '../provider';
import type { CallLimits } from './googleCalls';
import { signalOf } from './googleCalls';

// Google's token information endpoint: who holds an access token, for which client and scopes, and
// until when. The token travels in a POST body, never in a URL that a proxy might log.

export const GOOGLE_TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';
const MS_PER_SECOND = 1000;

/** Google's refusal shaped like a gaxios error, so readFailure reads it. */
function refusal(status: number, data: unknown): Error {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = typeof record.error_description === 'string' ? record.error_description : '';
  return Object.assign(new Error(text || `HTTP ${status}`), { response: { status, data: record } });
}

/** Google answers email_verified as the string "true" (or "false"); a boolean is read the same. */
function isVerified(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * The token's holder, or null when Google does not know the token, it was issued to another client,
 * it has no e-mail or account id, or it has expired. Other failures are thrown for the caller to map.
 */
export async function fetchTokenInfo(
  url: string,
  clientId: string,
  token: string,
  limits: CallLimits,
  now: () => number = Date.now,
): Promise<TokenInfo | null> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ access_token: token }),
    signal: signalOf(limits),
  });
  const data: unknown = await response.json().catch(() => undefined);
  // Google answers 400 invalid_token for an unknown, malformed or expired token.
  if (response.status === 400 || response.status === 401) return null;
  if (!response.ok) throw refusal(response.status, data);
  const info = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  // The token must have been issued to the portal, not to some other application.
  if (info.aud !== clientId && info.azp !== clientId) return null;
  const expiresIn = Number(info.expires_in);
  if (typeof info.email !== 'string' || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  if (typeof info.sub !== 'string' || info.sub === '') return null;
  return {
    email: info.email.toLowerCase(),
    sub: info.sub,
    emailVerified: isVerified(info.email_verified),
    scopes: typeof info.scope === 'string' ? info.scope.split(' ').filter((s) => s !== '') : [],
    expiresAt: now() + expiresIn * MS_PER_SECOND,
  };
}
