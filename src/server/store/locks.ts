import { sql, type Kysely } from 'kysely';
import type { Attempt, ChangeLocks } from './portalStore';

// Serialising changes to one subscription (or one delegate list): the re-read, the check, the
// provider's change and the history entry's completion run as one unit (docs/deploy.md).

/** One process: a queue per key. With SQLite the portal is one process, so this is the whole lock. */
export function createProcessLocks(): ChangeLocks {
  const tails = new Map<string, Promise<void>>();

  const exclusive = async <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release = () => {};
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };

  return {
    exclusive,
    async ifFree(key, work) {
      if (tails.has(key)) return { ran: false };
      return { ran: true, value: await exclusive(key, work) };
    },
  };
}

// The key's 64-bit hash names the advisory lock; two keys sharing a hash only wait for each other.
const lockId = (key: string) => sql`hashtextextended(${key}, 0)`;

/**
 * Several processes on one PostgreSQL: a transaction-scoped advisory lock, taken after the process's
 * own queue so one process holds at most one connection per key. The lock transaction writes
 * nothing; history goes through the store's other pool and is committed at once, so a process that
 * dies leaves its intent behind while PostgreSQL releases the lock with the dead connection.
 */
export function createAdvisoryLocks(lockDb: Kysely<unknown>): ChangeLocks {
  const local = createProcessLocks();
  return {
    exclusive(key, work) {
      return local.exclusive(key, () =>
        lockDb.transaction().execute(async (transaction) => {
          await sql`select pg_advisory_xact_lock(${lockId(key)})`.execute(transaction);
          return work();
        }),
      );
    },
    async ifFree<T>(key: string, work: () => Promise<T>): Promise<Attempt<T>> {
      const attempt = await local.ifFree(key, () =>
        lockDb.transaction().execute(async (transaction): Promise<Attempt<T>> => {
          const { rows } = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_xact_lock(${lockId(key)}) as locked`.execute(transaction);
          if (rows[0]?.locked !== true) return { ran: false };
          return { ran: true, value: await work() };
        }),
      );
      return attempt.ran ? attempt.value : { ran: false };
    },
  };
}
