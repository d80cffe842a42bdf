import { domainOf } from '../../contract/email';
import { ERROR_TEXT } from '../../contract/errors';
import { ApiError, permissionDenied } from '../apiError';
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
