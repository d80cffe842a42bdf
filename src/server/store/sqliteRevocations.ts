import type Database from 'better-sqlite3';
import type { SessionStanding } from './portalStore';

// The SQLite store's session lookup, the one store read of every request that reads a session
// (docs/security.md), as a prepared statement run on the connection itself: Kysely's executor (its
// connection mutex and the promises around it) cost more than the read (docs/performance.md). The
// store runs no transaction on this connection that the read could see into, and better-sqlite3
// runs each statement to its end before anything else runs, so the answer is the same.

const ENDED_SQL =
  'SELECT EXISTS (SELECT 1 FROM revoked_sessions WHERE session_id = ?) ' +
  'OR EXISTS (SELECT 1 FROM sign_outs WHERE person = ? AND not_before >= ?)';

/** isSessionEnded for the SQLite store; prepared on first use, once the schema is migrated. */
export function sqliteSessionLookup(
  database: Database.Database,
): (session: SessionStanding) => Promise<boolean> {
  let statement: Database.Statement<[string, string, number], number> | null = null;
  return ({ sessionId, person, issuedAt }) => {
    try {
      statement ??= database.prepare<[string, string, number], number>(ENDED_SQL).pluck();
      return Promise.resolve(statement.get(sessionId, person, issuedAt) === 1);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
}
