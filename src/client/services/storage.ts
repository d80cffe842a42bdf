import { attempt } from './attempt';
import type { StorageService, TokenData } from './types';

// Local storage exactly as docs/behaviour.md 3: `email`, and `tokenData` = {token, expiry in epoch ms}.
export const EMAIL_KEY = 'email';
export const TOKEN_DATA_KEY = 'tokenData';

/** Anything else found under tokenData (hand-edited, older format) counts as no token. */
function asTokenData(value: unknown): TokenData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { token, expiry } = value as Record<string, unknown>;
  if (typeof token !== 'string' || token.length === 0) return null;
  if (typeof expiry !== 'number' || !Number.isFinite(expiry)) return null;
  return { token, expiry };
}

export function createStorageService(
  getStorage: () => Storage = () => window.localStorage,
): StorageService {
  return {
    getEmail: () => attempt(() => getStorage().getItem(EMAIL_KEY), null),
    setEmail: (email) => attempt(() => getStorage().setItem(EMAIL_KEY, email), undefined),
    getTokenData() {
      const raw = attempt(() => getStorage().getItem(TOKEN_DATA_KEY), null);
      if (raw === null) return null;
      return attempt(() => asTokenData(JSON.parse(raw)), null);
    },
    setTokenData: ({ token, expiry }) =>
      attempt(
        () => getStorage().setItem(TOKEN_DATA_KEY, JSON.stringify({ token, expiry })),
        undefined,
      ),
    removeTokenData: () => attempt(() => getStorage().removeItem(TOKEN_DATA_KEY), undefined),
  };
}
