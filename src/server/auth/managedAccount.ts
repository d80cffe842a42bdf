import { domainOf } from '../../contract/email';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError, permissionDenied, unauthenticated } from '../apiError';
import { SERVER_TEXT } from '../messages';
import type { DirectoryUser, PortalProvider, TokenInfo } from '../providers/provider';

// Sign-in proves the person is their organisation's managed account (docs/security.md, "Who signs
// in"): Google verified the token's address, and the token's account (sub) is the very account that
// the reseller's directory holds for the address typed. A personal Google account with the same
// address (conflicting or unmanaged) has another id; nothing here reads the person's own directory.

export function notACustomer(resellerName: string): ApiError {
  const text = ERROR_TEXT.notACustomer(resellerName);
  return permissionDenied(text, text);
}

const emailMismatch = () => permissionDenied(SERVER_TEXT.emailMismatch);

/**
 * The managed account behind a verified token, from the reseller's lookup of the typed address.
 * Throws the contract's 403s: another account's address, not a customer, not the managed account.
 */
export async function managedAccount(
  provider: PortalProvider,
  holder: TokenInfo,
  typed: string,
  lookup: PromiseSettledResult<DirectoryUser | null>,
  unknownAccount?: () => ApiError,
): Promise<DirectoryUser> {
  const signedIn = holder.email.toLowerCase();
  if (lookup.status === 'rejected') {
    // A refusal about an address other than the token's is not this person's to see.
    const refusal: unknown = lookup.reason;
    if (typed !== signedIn && refusal instanceof ApiError && refusal.code === 403) {
      throw emailMismatch();
    }
    throw refusal;
  }
  const user = lookup.value;
  // The token's address must be one of the typed account's own (its primary address or an alias).
  const addresses = user === null ? [typed] : [user.email, ...user.aliases];
  if (!addresses.includes(signedIn)) throw emailMismatch();
  if (user === null && unknownAccount !== undefined) throw unknownAccount();
  if (user === null) {
    // A managed user of another organisation learns only that; anyone else is not managed here.
    if ((await provider.findCustomer(domainOf(typed))) === null) {
      throw notACustomer(provider.resellerName);
    }
    throw permissionDenied(SERVER_TEXT.notManagedAccount(signedIn));
  }
  if (!holder.emailVerified || holder.sub !== user.id) {
    throw permissionDenied(SERVER_TEXT.notManagedAccount(signedIn));
  }
  return user;
}

export interface ProofOptions {
  /** A scope the token must grant (the customers' directory scope), else the contract's 403. */
  requiredScope?: string;
  /** The refusal of an address no directory the reseller reads has, instead of the customers'. */
  unknownAccount?: () => ApiError;
  /** false: the address is not one to look up (another domain than the staff's); it is nobody here. */
  lookUp?: boolean;
}

/**
 * A sign-in's proof (docs/security.md, "Who signs in"): the token in x-goog-token is live, issued to
 * this portal, and held by the managed account at the address typed. Who holds the token is asked
 * beside whom the directory knows by the address, one round trip (docs/configuration-google.md).
 */
export async function provenAccount(
  provider: PortalProvider,
  token: unknown,
  typed: string,
  now: number,
  options: ProofOptions = {},
): Promise<{ user: DirectoryUser; tokenInfo: TokenInfo }> {
  if (typeof token !== 'string' || token === '') throw unauthenticated();
  const [holder, lookup] = await Promise.allSettled([
    provider.verifyToken(token),
    options.lookUp === false ? Promise.resolve(null) : provider.lookupDirectoryUser(typed),
  ]);
  if (holder.status === 'rejected') throw holder.reason;
  const tokenInfo = holder.value;
  if (tokenInfo === null || tokenInfo.expiresAt <= now) throw unauthenticated();
  if (options.requiredScope !== undefined && !tokenInfo.scopes.includes(options.requiredScope)) {
    throw permissionDenied(ERROR_TEXT.insufficientScopes);
  }
  const user = await managedAccount(provider, tokenInfo, typed, lookup, options.unknownAccount);
  return { user, tokenInfo };
}
