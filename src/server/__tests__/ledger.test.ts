import { API_PATHS } from '../../contract/api';
import type { LedgerPage } from '../../contract/ledger';
import type { PurchaseCharge } from '../../contract/prices';
import { sampleCharge } from '../../testing/sampleAnswers';
import { errorOf, portalForTests, type Browser } from '../../testing/server/portalHarness';
import { SERVER_TEXT } from '../messages';
import type { HistoryIntent, PortalStore } from '../store/portalStore';

// The reseller's ledger against a listening sandbox portal (docs/api.md, GET /api/reseller/ledger):
// every customer's changes newest first with their charges, filtered and paged; the CSV of every
// page, formula-safe, with exact amounts; any staff member may read it; bad input is a clear 400.

// Some cases write a thousand rows on a shared machine: a generous bound, not a speed requirement.
jest.setTimeout(60_000);

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 10, 12, 0, 0);
const LEDGER = API_PATHS.ledger;

function purchase(
  customerId: string,
  domain: string,
  at: number,
  charge: PurchaseCharge | null,
): HistoryIntent {
  return {
    customerId,
    actor: `admin@${domain}`,
    requestId: `req-${at}`,
    at,
    change: { kind: 'licences', subscriptionId: `sub-${customerId}`, before: 20, after: 22 },
    customerDomain: domain,
    sku: { skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
    charge,
  };
}

/** acme's purchase in EUR (day 0), globex's refused one in KWD (day 1), acme's delegate add (day 2). */
async function seed(store: PortalStore) {
  const eur = await store.recordIntent(purchase('C0acme001', 'acme.example', T0, sampleCharge()));
  await store.completeChange(eur, 22);
  const kwd: PurchaseCharge = {
    ...sampleCharge(),
    currency: 'KWD',
    unitPriceMinor: 45125,
    period: 'year',
    amountMinor: 22748,
  };
  const failed = await store.recordIntent(purchase('C0globex01', 'globex.example', T0 + DAY, kwd));
  await store.failChange(failed);
  const delegate = await store.recordIntent({
    customerId: 'C0acme001',
    actor: '+1@acme.example',
    requestId: 'req-delegate',
    at: T0 + 2 * DAY,
    change: {
      kind: 'licence-delegate',
      action: 'add',
      member: '=cmd|calc@x.io',
      before: [],
      after: null,
    },
    customerDomain: 'acme.example',
  });
  await store.completeChange(delegate, ['=cmd|calc@x.io']);
  return { eur: String(eur), failed: String(failed), delegate: String(delegate) };
}

describe('the ledger', () => {
  const portal = portalForTests();
  let ops: Browser;
  let ids: Awaited<ReturnType<typeof seed>>;
  beforeEach(async () => {
    ids = await seed(portal.store);
    ops = await portal.signInStaff('ops@sandbox.example');
  });

  const idsOf = async (query: string) => {
    const answer = await ops.get<LedgerPage>(`${LEDGER}${query}`);
    expect(answer.status).toBe(200);
    return answer.body.rows.map((row) => row.id);
  };

  it("lists every customer's changes newest first, with domain, charge and state; failed ones marked", async () => {
    const answer = await ops.get<LedgerPage>(LEDGER);
    expect(answer.status).toBe(200);
    expect(answer.body.nextCursor).toBeNull();
    expect(answer.body.rows).toEqual([
      {
        id: ids.delegate,
        at: new Date(T0 + 2 * DAY).toISOString(),
        customerId: 'C0acme001',
        customerDomain: 'acme.example',
        kind: 'licence-delegate',
        state: 'done',
        actor: '+1@acme.example',
        requestId: 'req-delegate',
        skuName: null,
        before: null,
        after: null,
        charge: null,
        action: 'add',
        member: '=cmd|calc@x.io',
      },
      expect.objectContaining({
        id: ids.failed,
        customerDomain: 'globex.example',
        state: 'failed',
      }),
      expect.objectContaining({
        id: ids.eur,
        customerDomain: 'acme.example',
        state: 'done',
        before: 20,
        after: 22,
        charge: sampleCharge(),
        skuName: 'Google Workspace Business Standard',
      }),
    ]);
  });

  it('filters by customer, state, and days or instants', async () => {
    expect(await idsOf('?customerId=C0acme001')).toEqual([ids.delegate, ids.eur]);
    expect(await idsOf('?state=failed')).toEqual([ids.failed]);
    // A day is whole and UTC: `to` takes the day in.
    expect(await idsOf('?from=2030-01-11&to=2030-01-11')).toEqual([ids.failed]);
    expect(await idsOf('?from=2030-01-11')).toEqual([ids.delegate, ids.failed]);
    // An instant is itself: `from` inclusive, `to` exclusive, any offset.
    expect(await idsOf('?to=2030-01-11T12:00:00Z')).toEqual([ids.eur]);
    expect(await idsOf('?from=2030-01-11T13:00:00%2B01:00&state=failed')).toEqual([ids.failed]);
  });

  it('pages with the cursor of the previous page, each row once', async () => {
    const first = await ops.get<LedgerPage>(`${LEDGER}?limit=2`);
    expect(first.body.rows.map((row) => row.id)).toEqual([ids.delegate, ids.failed]);
    const cursor = first.body.nextCursor ?? '';
    expect(await idsOf(`?limit=2&cursor=${cursor}`)).toEqual([ids.eur]);
    const last = await ops.get<LedgerPage>(`${LEDGER}?limit=2&cursor=${cursor}`);
    expect(last.body.nextCursor).toBeNull();
  });

  it('answers bad input with a 400 that says what is wrong', async () => {
    const refusal = async (query: string) => {
      const answer = await ops.get(`${LEDGER}${query}`);
      return [answer.status, errorOf(answer).message];
    };
    expect(await refusal('?from=yesterday')).toEqual([400, SERVER_TEXT.invalidLedgerTime('from')]);
    expect(await refusal('?to=2030-02-30')).toEqual([400, SERVER_TEXT.invalidLedgerTime('to')]);
    expect(await refusal('?to=2030-01-11T12:00:00')).toEqual([
      400,
      SERVER_TEXT.invalidLedgerTime('to'),
    ]);
    expect(await refusal('?from=2030-01-12&to=2030-01-11')).toEqual([
      400,
      SERVER_TEXT.ledgerRangeEmpty,
    ]);
    expect(await refusal('?cursor=not-ours')).toEqual([400, SERVER_TEXT.invalidHistoryCursor]);
    expect(await refusal('?limit=201')).toEqual([400, "Field 'limit' must be at most 200."]);
    expect(await refusal('?format=csv&limit=5')).toEqual([400, SERVER_TEXT.ledgerCsvPaged]);
    const state = await refusal('?state=lost');
    expect(state[0]).toBe(400);
    expect(state[1]).toMatch(/^Field 'state' must be one of: done, pending, .*failed\.$/);
  });

  it('lets support staff read it, and refuses a customer', async () => {
    const desk = await portal.signInStaff('desk@sandbox.example');
    expect((await desk.get<LedgerPage>(LEDGER)).body.rows).toHaveLength(3);
    const admin = await portal.signIn('admin@acme.example');
    const refused = await admin.get(LEDGER);
    expect([refused.status, errorOf(refused).message]).toEqual([
      403,
      SERVER_TEXT.customerSessionNotStaff,
    ]);
  });

  it('downloads the filtered rows as a formula-safe CSV with exact decimal amounts', async () => {
    const answer = await ops.get(`${LEDGER}?format=csv&from=2030-01-10`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ledger-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // fetch's text() reads the byte-order mark as the UTF-8 it announces, and drops it.
    expect(answer.text.split('\r\n')).toEqual([
      '"When (UTC)","Customer id","Customer domain","Change","State","Who","Request id","SKU","Seats before","Seats after","Delegate change","Delegate","Currency","Unit price","Price per","Seats charged","Amount due now","Term end","Price version"',
      `"2030-01-12T12:00:00.000Z","C0acme001","acme.example","licence-delegate","done","'+1@acme.example","req-delegate","","","","add","'=cmd|calc@x.io","","","","","","",""`,
      `"2030-01-11T12:00:00.000Z","C0globex01","globex.example","licences","failed","admin@globex.example","req-${T0 + DAY}","Google Workspace Business Standard","20","22","","","KWD","45.125","year","2","22.748","2027-03-31","sandbox-2026-11"`,
      `"2030-01-10T12:00:00.000Z","C0acme001","acme.example","licences","done","admin@acme.example","req-${T0}","Google Workspace Business Standard","20","22","","","EUR","14.40","month","2","119.30","2027-03-31","sandbox-2026-11"`,
      '',
    ]);
    const filtered = await ops.get(`${LEDGER}?format=csv&state=failed&customerId=C0globex01`);
    expect(filtered.text.split('\r\n')).toHaveLength(3);
    expect(filtered.headers.get('content-disposition')).toMatch(
      /filename="ledger-C0globex01-failed-/,
    );
  });

  it('writes every page into the CSV, past the batch it reads at a time', async () => {
    for (let n = 0; n < 1000; n += 1) {
      await portal.store.recordIntent(
        purchase('C0acme001', 'acme.example', T0 + 3 * DAY + n, null),
      );
    }
    const answer = await ops.get(`${LEDGER}?format=csv`);
    const lines = answer.text.split('\r\n').filter((line) => line !== '');
    // The header, the thousand purchases and the three rows of the seed, each once.
    expect(lines).toHaveLength(1004);
    expect(new Set(lines).size).toBe(1004);
    expect(lines.at(-1)).toContain(`"req-${T0}"`);
  });
});
