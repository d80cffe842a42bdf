import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { withStatementCache } from './openStore';

// The SQLite store's statement cache: each query prepared once, never a busy statement shared.

function openDatabase() {
  const Database = loadSqliteDriver();
  const database = new Database(':memory:');
  database.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3);');
  return database;
}

describe('withStatementCache', () => {
  it('prepares a query once and hands out the same statement after', () => {
    const database = openDatabase();
    const prepare = jest.spyOn(database, 'prepare');
    const cached = withStatementCache(database);
    const first = cached.prepare('SELECT n FROM t WHERE n = ?');
    const second = cached.prepare('SELECT n FROM t WHERE n = ?');
    expect(second).toBe(first);
    expect(second.all([2])).toEqual([{ n: 2 }]);
    expect(prepare).toHaveBeenCalledTimes(1);
    database.close();
  });

  it('lets the least recently used statement go when full', () => {
    const database = openDatabase();
    const prepare = jest.spyOn(database, 'prepare');
    const cached = withStatementCache(database, 2);
    cached.prepare('SELECT 1');
    cached.prepare('SELECT 2');
    cached.prepare('SELECT 1');
    cached.prepare('SELECT 3');
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('SELECT 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('SELECT 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    database.close();
  });

  it('prepares a fresh statement while the cached one is still being iterated', () => {
    const database = openDatabase();
    const cached = withStatementCache(database);
    const query = 'SELECT n FROM t ORDER BY n';
    const outer = cached.prepare(query);
    const seen: number[] = [];
    for (const row of outer.iterate([]) as Iterable<{ n: number }>) {
      const inner = cached.prepare(query);
      expect(inner).not.toBe(outer);
      seen.push(row.n, (inner.all([]) as { n: number }[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
    database.close();
  });
});
