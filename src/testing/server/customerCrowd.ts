import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSandbox, sandboxDatabasePath } from '../../server/providers/sandbox';
import { loadSqliteDriver } from '../../server/providers/sandbox/sqliteDriver';

// A sandbox with many customers besides the seed, each with one Workspace subscription of varied
// edition, plan, seats and renewal: the customers' list's bench and its paging tests.

const WORDS = ['alpine', 'birch', 'cedar', 'delta', 'ember', 'fjord', 'granite', 'harbor'];
const EDITIONS = [
  ['1010020027', 'Google Workspace Business Starter'],
  ['1010020028', 'Google Workspace Business Standard'],
  ['1010020025', 'Google Workspace Business Plus'],
] as const;
const PLANS = ['ANNUAL_MONTHLY_PAY', 'ANNUAL_YEARLY_PAY', 'FLEXIBLE'] as const;

/** The crowd's n-th customer (from 0): `<word>-<n, 5 digits>.example`, id `C1<n, 7 digits>`. */
export function crowdCustomer(n: number): { customerId: string; domain: string } {
  const word = WORDS[n % WORDS.length] ?? 'crowd';
  return {
    customerId: `C1${String(n).padStart(7, '0')}`,
    domain: `${word}-${String(n).padStart(5, '0')}.example`,
  };
}

/** A new sandbox data folder (seeded, then closed) with `count` more customers of the crowd. */
export async function sandboxWithCrowd(count: number): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crowd-'));
  (await openSandbox({ dataDir })).close();
  const Database = loadSqliteDriver();
  const db = new Database(sandboxDatabasePath(dataDir));
  const customer = db.prepare('INSERT INTO customers (customer_id, domain) VALUES (?, ?)');
  const subscription = db.prepare(
    `INSERT INTO subscriptions (subscription_id, customer_id, sku_id, sku_name, plan_name,
       number_of_seats, maximum_number_of_seats, licensed_number_of_seats, renewal_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      const { customerId, domain: name } = crowdCustomer(n);
      const [skuId, skuName] = EDITIONS[n % EDITIONS.length] ?? EDITIONS[0];
      const plan = PLANS[Math.floor(n / EDITIONS.length) % PLANS.length] ?? 'FLEXIBLE';
      const annual = plan !== 'FLEXIBLE';
      const seats = 5 + ((n * 37) % 400);
      const assigned = Math.max(1, seats - (n % 7));
      const renewal = annual
        ? new Date(Date.UTC(2030, n % 12, 1 + (n % 28))).toISOString().slice(0, 10)
        : null;
      customer.run(customerId, name);
      subscription.run(
        `sub-${customerId}`,
        customerId,
        skuId,
        skuName,
        plan,
        annual ? seats : null,
        annual ? null : seats,
        assigned,
        renewal,
      );
    }
  })();
  db.close();
  return dataDir;
}
