import type { StorageService, TokenData } from './types';

// Local storage exactly as spec §3: `email`, and `tokenData` = {token, expiry in epoch ms}.
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

export function createStorageService(storage: Storage = window.localStorage): StorageService {
  return {
    getEmail: () => storage.getItem(EMAIL_KEY),
    setEmail: (email) => storage.setItem(EMAIL_KEY, email),
    getTokenData() {
      const raw = storage.getItem(TOKEN_DATA_KEY);
      if (raw === null) return null;
      try {
        return asTokenData(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    setTokenData: ({ token, expiry }) =>
      storage.setItem(TOKEN_DATA_KEY, JSON.stringify({ token, expiry })),
    removeTokenData: () => storage.removeItem(TOKEN_DATA_KEY),
  };
}
