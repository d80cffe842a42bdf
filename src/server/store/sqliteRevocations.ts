import type Database from 'better-sqlite3';

// The SQLite store's revocation lookup, the one store read of every request that reads a session
// (docs/security.md), as a prepared statement run on the connection itself: Kysely's executor (its
// connection mutex and the promises around it) cost more than the read (docs/performance.md). The
// store runs no transaction on this connection that the read could see into, and better-sqlite3
// runs each statement to its end before anything else runs, so the answer is the same.

const REVOCATION_SQL = 'SELECT 1 FROM revoked_sessions WHERE session_id = ?';

/** isSessionRevoked for the SQLite store; prepared on first use, once the schema is migrated. */
export function sqliteRevocationLookup(
  database: Database.Database,
): (sessionId: string) => Promise<boolean> {
  let statement: Database.Statement<[string], number> | null = null;
  return (sessionId) => {
    try {
      statement ??= database.prepare<[string], number>(REVOCATION_SQL).pluck();
      return Promise.resolve(statement.get(sessionId) !== undefined);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
}
