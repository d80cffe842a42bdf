import type { SignedInSession } from '../../events/portalEvents';
import type { TokenData } from '../../services/types';

/** The stored session a page may use on load: a token that has not expired, stored with the confirmed
 * address it was issued for; anything else is not usable (docs/behaviour.md 4.1, 4.2). */
export function usableSession(
  tokenData: TokenData | null,
  email: string | null,
  now: number,
): SignedInSession | null {
  if (tokenData === null || tokenData.expiry <= now || !email) return null;
  return { token: tokenData.token, email };
}
