import { storeBackendsForTests, type StoreBackend } from '../../testing/server/storeBackends';
import { sampleCharge } from '../../testing/sampleAnswers';
import type { LedgerFilter } from './ledgerQueries';
import type { HistoryIntent, PortalStore } from './portalStore';

// The reseller's ledger in the store (docs/api.md, GET /api/reseller/ledger), the same cases on
// SQLite and on a real PostgreSQL: every customer's changes newest first, failed ones included,
// baselines left out, each with its customer's domain, filtered and paged.

// Each case creates a database on a shared machine: a generous bound, not a speed requirement.
jest.setTimeout(30_000);

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const DAY = 86_400_000;
const NO_FILTER: LedgerFilter = { customerId: null, from: null, to: null, state: null };

function purchase(customerId: string, domain: string | undefined, at: number): HistoryIntent {
  return {
    customerId,
    actor: `admin@${domain ?? 'old.example'}`,
    requestId: `req-${customerId}-${at}`,
    at,
    change: { kind: 'licences', subscriptionId: `sub-${customerId}`, before: 20, after: 22 },
    customerDomain: domain,
    sku: { skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
    charge: sampleCharge(),
  };
}

const { backends } = storeBackendsForTests('ledger', NOW);

describe.each(backends)('the ledger on %s', (_name, makeBackend) => {
  let backend: StoreBackend;
  let store: PortalStore;
  /** The ids written by `seed`, oldest first. */
  let ids: Record<string, number>;

  /** Two customers over three days: a purchase, a delegate change, a failure, a baseline. */
  async function seed(): Promise<void> {
    const done = await store.recordIntent(purchase('C0acme001', 'acme.example', NOW - 2 * DAY));
    await store.completeChange(done, 22);
    await store.recordFoundSeats({
      customerId: 'C0globex01',
      requestId: 'pass-1',
      at: NOW - 2 * DAY,
      state: 'observed',
      change: { kind: 'licences', subscriptionId: 'sub-globex', before: 10, after: 10 },
      customerDomain: 'globex.example',
      sku: { skuId: null, skuName: 'Google Workspace Business Starter' },
      comparedWith: null,
    });
    const failed = await store.recordIntent(purchase('C0globex01', 'globex.example', NOW - DAY));
    await store.failChange(failed);
    const delegate = await store.recordIntent({
      customerId: 'C0acme001',
      actor: 'admin@acme.example',
      requestId: 'req-delegate',
      at: NOW,
      change: {
        kind: 'licence-delegate',
        action: 'add',
        member: 'x@acme.example',
        before: [],
        after: null,
      },
      customerDomain: 'acme.example',
    });
    await store.completeChange(delegate, ['x@acme.example']);
    // Written before the domain was kept (migration 0004): the ledger names acme's all the same.
    const old = await store.recordIntent(purchase('C0acme001', undefined, NOW + 1));
    ids = { done, failed, delegate, old };
  }

  beforeEach(async () => {
    backend = await makeBackend();
    store = await backend.open();
    await seed();
  });

  it("lists every customer's changes newest first, failed ones included, baselines left out", async () => {
    const rows = await store.listLedger({ ...NO_FILTER, olderThan: null, limit: 10 });
    expect(rows.map((row) => [row.id, row.customerId, row.customerDomain, row.state])).toEqual([
      [ids.old, 'C0acme001', 'acme.example', 'pending'],
      [ids.delegate, 'C0acme001', 'acme.example', 'done'],
      [ids.failed, 'C0globex01', 'globex.example', 'failed'],
      [ids.done, 'C0acme001', 'acme.example', 'done'],
    ]);
    expect(rows[3]).toMatchObject({
      charge: sampleCharge(),
      skuName: 'Google Workspace Business Standard',
      change: { kind: 'licences', before: 20, after: 22 },
    });
  });

  it('filters by customer, by state and by a time range (from inclusive, to exclusive)', async () => {
    const list = (filter: Partial<LedgerFilter>) =>
      store
        .listLedger({ ...NO_FILTER, ...filter, olderThan: null, limit: 10 })
        .then((rows) => rows.map((row) => row.id));
    expect(await list({ customerId: 'C0globex01' })).toEqual([ids.failed]);
    expect(await list({ state: 'failed' })).toEqual([ids.failed]);
    expect(await list({ state: 'done', customerId: 'C0acme001' })).toEqual([
      ids.delegate,
      ids.done,
    ]);
    expect(await list({ from: NOW - DAY, to: NOW })).toEqual([ids.failed]);
    expect(await list({ from: NOW })).toEqual([ids.old, ids.delegate]);
    expect(await list({ to: NOW - DAY })).toEqual([ids.done]);
  });

  it('pages below the last id of the previous page', async () => {
    const first = await store.listLedger({ ...NO_FILTER, olderThan: null, limit: 2 });
    const next = await store.listLedger({ ...NO_FILTER, olderThan: first[1]?.id ?? 0, limit: 2 });
    expect([...first, ...next].map((row) => row.id)).toEqual([
      ids.old,
      ids.delegate,
      ids.failed,
      ids.done,
    ]);
  });

  it('counts the rows a filter matches, up to the bound it is given', async () => {
    expect(await store.countLedger(NO_FILTER, 100)).toBe(4);
    expect(await store.countLedger(NO_FILTER, 3)).toBe(3);
    expect(await store.countLedger({ ...NO_FILTER, customerId: 'C0globex01' }, 100)).toBe(1);
  });
});
