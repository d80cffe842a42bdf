import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOKEN_HEADER } from '../../contract/api';
import type { HistoryPage } from '../../contract/history';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';
import { createSqliteStore, STORE_FILE } from '../store/openStore';
import { Browser } from '../../testing/server/portalHarness';
import {
  startFakeGoogleProcess,
  type FakeGoogleProcess,
} from '../../testing/server/fakeGoogleProcess';
import {
  PROCESS_START_TIMEOUT_MS,
  startPortalProcess,
  type PortalProcess,
} from '../../testing/server/portalProcess';
import { postgresForTests } from '../../testing/server/testPostgres';

// Whole portal processes in google mode against the fake Google in a process of its own (Google's
// state outlives any portal): a portal killed between Google's answer and its 2xx, and two portals
// on one PostgreSQL buying at the same time.

const SESSION_SECRET = 'instances-test-secret-'.padEnd(48, 'x');
const ACME = 'C0acme001';
const CHANGE_SEATS = '/changeSeats$';
// Several processes start per case on a shared machine: generous bounds, not speed requirements.
jest.setTimeout(4 * PROCESS_START_TIMEOUT_MS);

let google: FakeGoogleProcess;
let portals: PortalProcess[] = [];
let dataDirs: string[] = [];

beforeAll(async () => {
  google = await startFakeGoogleProcess(SESSION_SECRET);
}, PROCESS_START_TIMEOUT_MS);
afterAll(async () => {
  await google.stop();
});
afterEach(async () => {
  for (const portal of portals) await portal.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  portals = [];
  dataDirs = [];
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-instance-'));
  dataDirs.push(dir);
  return dir;
}

async function startPortal(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<PortalProcess> {
  const portal = await startPortalProcess({ dataDir, env: { ...google.env, ...env } });
  portals.push(portal);
  return portal;
}

interface Session {
  browser: Browser;
  info: SubscriptionInfo;
  reload(): Promise<SubscriptionInfo>;
}

/** Signs in as the SPA does: a token from (the fake) Google, then subscription-info. */
async function signIn(portal: PortalProcess, email: string): Promise<Session> {
  const token = await google.issueToken(email, SIGN_IN_SCOPES);
  const browser = new Browser(portal.origin);
  const reload = async () => {
    const answer = await browser.get<SubscriptionInfo>(
      `/api/subscription-info?email=${encodeURIComponent(email)}`,
      { [TOKEN_HEADER]: token },
    );
    if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
    return answer.body;
  };
  return { browser, info: await reload(), reload };
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('a portal killed between Google’s answer and its 2xx', () => {
  it('leaves a pending entry that the next read finds and settles as done', async () => {
    const dataDir = newDataDir();
    let portal = await startPortal(dataDir);
    const admin = await signIn(portal, 'admin@acme.example');
    const { subscriptionId, numberOfSeats: start } = admin.info;

    // Google applies the change, then its answer never comes: the portal is killed while waiting.
    await google.failNext('POST', CHANGE_SEATS, { applyThen: 'hang' });
    const purchase = admin.browser
      .post('/api/add-licence', {
        customerId: ACME,
        subscriptionId,
        numberOfSeats: start + 5,
        expectedNumberOfSeats: start,
      })
      .then(
        (answer) => answer.status,
        () => 'no answer',
      );
    await waitFor(async () => (await google.seats(subscriptionId)) === start + 5);
    await portal.stop('SIGKILL');
    expect(await purchase).toBe('no answer');

    // What the dead process left: the intent, still pending.
    const left = createSqliteStore(path.join(dataDir, STORE_FILE));
    await left.migrate();
    expect(await left.store.pendingChanges(ACME)).toMatchObject([
      { state: 'pending', change: { kind: 'licences', before: start, after: start + 5 } },
    ]);
    await left.store.close();

    portal = await startPortal(dataDir);
    const again = await signIn(portal, 'admin@acme.example');
    expect(again.info.numberOfSeats).toBe(start + 5);
    const history = await again.browser.get<HistoryPage>(`/api/history?customer=${ACME}`);
    expect(history.status).toBe(200);
    expect(history.body.entries).toEqual([
      expect.objectContaining({
        kind: 'licences',
        actor: 'admin@acme.example',
        before: start,
        after: start + 5,
        state: 'done',
      }),
    ]);
  });

  it('leaves an entry that the next read lists as not made once the grace period has passed and Google never applied it', async () => {
    const dataDir = newDataDir();
    let portal = await startPortal(dataDir);
    const admin = await signIn(portal, 'admin@acme.example');
    const { subscriptionId, numberOfSeats: start } = admin.info;

    // Google hangs before applying anything; the portal dies waiting.
    const before = await google.callCount('POST', CHANGE_SEATS);
    await google.failNext('POST', CHANGE_SEATS, 'hang');
    const purchase = admin.browser
      .post('/api/add-licence', {
        customerId: ACME,
        subscriptionId,
        numberOfSeats: start + 2,
        expectedNumberOfSeats: start,
      })
      .then(
        (answer) => answer.status,
        () => 'no answer',
      );
    await waitFor(async () => (await google.callCount('POST', CHANGE_SEATS)) > before);
    await portal.stop('SIGKILL');
    expect(await purchase).toBe('no answer');

    // No grace period: a purchase not shown by now is not made (docs/api.md, GET /api/history).
    portal = await startPortal(dataDir, { UNCONFIRMED_PURCHASE_GRACE_MS: '0' });
    const again = await signIn(portal, 'admin@acme.example');
    expect(again.info.numberOfSeats).toBe(start);
    const history = await again.browser.get<HistoryPage>(`/api/history?customer=${ACME}`);
    expect(history.body.entries).toEqual([
      expect.objectContaining({ before: start, after: start + 2, state: 'not-made' }),
    ]);
    const left = createSqliteStore(path.join(dataDir, STORE_FILE));
    await left.migrate();
    expect(await left.store.pendingChanges(ACME)).toEqual([]);
    await left.store.close();
  });
});

describe('two portals on one PostgreSQL', () => {
  const postgres = postgresForTests();

  it('serialise concurrent purchases: the total grows by every acknowledged add, each listed once', async () => {
    const databaseUrl = await postgres().createDatabase('instances');
    const start = (dataDir: string) => startPortal(dataDir, { DATABASE_URL: databaseUrl });
    const [one, two] = await Promise.all([start(newDataDir()), start(newDataDir())]);
    // Two buyers on each instance, each buying one licence at a time from the total on its screen.
    const buyers = await Promise.all([
      signIn(one, 'admin@acme.example'),
      signIn(two, 'licences@acme.example'),
      signIn(one, 'licences@acme.example'),
      signIn(two, 'admin@acme.example'),
    ]);
    const subscriptionId = buyers[0]?.info.subscriptionId ?? '';
    const startTotal = (await google.seats(subscriptionId)) ?? Number.NaN;
    const WANTED_PER_BUYER = 2;
    const MAX_ROUNDS = 12;

    const acknowledged: string[] = [];
    const seen = buyers.map((buyer) => buyer.info.numberOfSeats);
    const bought = buyers.map(() => 0);
    for (
      let round = 0;
      round < MAX_ROUNDS && bought.some((n) => n < WANTED_PER_BUYER);
      round += 1
    ) {
      // Everyone still buying confirms at the same moment, through both instances.
      const answers = await Promise.all(
        buyers.map(async (buyer, index) => {
          if ((bought[index] ?? 0) >= WANTED_PER_BUYER) return null;
          const total = seen[index] ?? 0;
          return buyer.browser.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
            customerId: ACME,
            subscriptionId,
            numberOfSeats: total + 1,
            expectedNumberOfSeats: total,
          });
        }),
      );
      for (const [index, answer] of answers.entries()) {
        if (answer === null) continue;
        if (answer.status === 200) {
          acknowledged.push(answer.headers.get('x-request-id') ?? '');
          bought[index] = (bought[index] ?? 0) + 1;
          seen[index] = answer.body.subscription.numberOfSeats;
        } else {
          expect(answer.status).toBe(409);
          // A stale page: reload it, as the person would.
          seen[index] = (await buyers[index]?.reload())?.numberOfSeats ?? 0;
        }
      }
    }
    expect(bought).toEqual(buyers.map(() => WANTED_PER_BUYER));
    expect(await google.seats(subscriptionId)).toBe(startTotal + acknowledged.length);

    const history = await buyers[0]?.browser.get<HistoryPage>(
      `/api/history?customer=${ACME}&kind=licences&limit=100`,
    );
    const entries = history?.body.entries ?? [];
    expect(entries.map((entry) => entry.requestId).sort()).toEqual([...acknowledged].sort());
    expect(new Set(entries.map((entry) => entry.requestId)).size).toBe(entries.length);
    // Oldest to newest, every add starts where the one before ended.
    const chain = entries
      .map((entry) => (entry.kind === 'licences' ? [entry.before, entry.after] : []))
      .reverse();
    expect(chain).toEqual(
      acknowledged.map((_id, index) => [startTotal + index, startTotal + index + 1]),
    );
    expect(entries.every((entry) => entry.state === 'done')).toBe(true);
  });
});
