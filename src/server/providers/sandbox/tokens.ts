import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { TokenInfo } from '../provider';

// Opaque bearer tokens of the sandbox identity provider (README.md, Demo accounts (sandbox)): random, stored only as a hash,
// and expiring like Google's access tokens.

/** Google answers expires_in 3599 for a fresh access token; the sandbox does the same (README.md, Demo accounts (sandbox)). */
export const SANDBOX_TOKEN_LIFETIME_SECONDS = 3599;
const MS_PER_SECOND = 1000;
/** 256 bits of randomness: unguessable, like Google's access tokens. */
const TOKEN_BYTES = 32;

export interface IssuedToken {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
}

interface TokenRow {
  email: string;
  sub: string;
  scopes: string;
  expires_at: number;
}

/** The database keeps only a hash, so a copied data file does not hand out live tokens. */
function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createTokenStore(db: Database.Database, now: () => number) {
  const insert = db.prepare(
    'INSERT INTO tokens (token_hash, email, sub, scopes, expires_at) VALUES (?, ?, ?, ?, ?)',
  );
  const select = db.prepare<[string], TokenRow>(
    'SELECT email, sub, scopes, expires_at FROM tokens WHERE token_hash = ?',
  );
  const purgeExpired = db.prepare('DELETE FROM tokens WHERE expires_at <= ?');

  return {
    /** A token of the account `sub` (its directory id), as Google's carry the account's id. */
    issue(email: string, sub: string, scopes: readonly string[]): IssuedToken {
      const accessToken = `sandbox.${randomBytes(TOKEN_BYTES).toString('base64url')}`;
      const scope = [...new Set(scopes)].join(' ');
      const issuedAt = now();
      // Housekeeping on issue keeps the table bounded without a timer.
      purgeExpired.run(issuedAt);
      insert.run(
        hashOf(accessToken),
        email,
        sub,
        scope,
        issuedAt + SANDBOX_TOKEN_LIFETIME_SECONDS * MS_PER_SECOND,
      );
      return {
        access_token: accessToken,
        expires_in: SANDBOX_TOKEN_LIFETIME_SECONDS,
        scope,
        token_type: 'Bearer',
      };
    },

    /** null for an unknown or expired token. */
    verify(token: string): TokenInfo | null {
      const row = select.get(hashOf(token));
      if (row === undefined || row.expires_at <= now()) return null;
      return {
        email: row.email,
        sub: row.sub,
        // The sandbox's accounts are all its directory's own: their addresses are verified.
        emailVerified: true,
        scopes: row.scopes === '' ? [] : row.scopes.split(' '),
        expiresAt: row.expires_at,
      };
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
