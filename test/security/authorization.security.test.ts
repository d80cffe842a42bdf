// The generated authorization matrix (docs/security.md): every endpoint of the app's route table ×
// every caller × each field pointed at the other customer. Each cell checks the status, that a
// refusal leaks nothing, that an answer holds only the caller's own customer's data, and that
// nothing changed that the cell was not allowed to change.
import type { ErrorEnvelope } from '../../src/contract/errors';
import {
  removeDataDir,
  startPortal,
  type Answer,
  type Portal,
} from '../../src/testing/server/portalHarness';
import { isApiRoute } from '../../src/testing/server/routeTable';
import {
  ACME,
  API_CACHE_CONTROL,
  CALLERS,
  expectedStatus,
  FLEX,
  MATRIX,
  NO_CONTENT,
  rowKeyOf,
  type Caller,
  type CustomerIds,
  type MatrixCall,
  type Tamper,
  UNAUTHENTICATED,
} from './support/authorizationMatrix';
import { CALLER_SETUP, type Credentials } from './support/callers';

interface Cell {
  row: string;
  method: string;
  path: string;
  caller: Caller;
  tamper: Tamper | null;
  expected: number;
}

const cells: Cell[] = Object.entries(MATRIX).flatMap(([row, entry]) => {
  const methods = row.startsWith('GET ') ? ['GET', 'HEAD'] : [row.split(' ')[0] ?? ''];
  return methods.flatMap((method) =>
    CALLERS.flatMap((caller) =>
      [null, ...entry.tamper].map((tamper) => ({
        row,
        method,
        path: row.split(' ')[1] ?? '',
        caller,
        tamper,
        expected: expectedStatus(entry, caller, tamper),
      })),
    ),
  );
});

let portal: Portal;
const credentials = new Map<Caller, Credentials>();
let newcomers = 0;

/** A billing system's key that no caller holds: the reseller API's 401s are not for want of keys. */
const RESELLER_KEY = 'a-billing-system-key-no-caller-holds'.padEnd(48, 'k');

beforeAll(async () => {
  portal = await startPortal({ env: { RESELLER_API_KEYS: RESELLER_KEY } });
  for (const caller of CALLERS) credentials.set(caller, await CALLER_SETUP[caller](portal));
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

interface CustomerState {
  seats: number | undefined;
  licence: string[];
  support: string[];
}

async function stateOf(customer: CustomerIds): Promise<CustomerState> {
  const provider = portal.sandbox.provider;
  return {
    seats: (await provider.findWorkspaceSubscription(customer.customerId))?.numberOfSeats,
    licence: await provider.listDelegates('licence', customer.customerId),
    support: await provider.listDelegates('support', customer.customerId),
  };
}

function send(who: Credentials, method: string, call: MatrixCall): Promise<Answer> {
  if (method === 'POST') return who.browser.post(call.url, call.body);
  if (method === 'PUT') return who.browser.put(call.url, call.body);
  return who.browser.request(method, call.url, { headers: call.headers });
}

/** Everything that identifies either customer's data: a refusal may name none of it. */
const SECRETS = [ACME, FLEX].flatMap((customer) => [customer.customerId, customer.subscriptionId]);
const SEEDED_DELEGATES = ['licences@acme.example', 'support@acme.example'];

it("has a row for every /api route of the app's route table, and none for a route it lacks", () => {
  const routes = new Set(
    portal
      .routes()
      .filter(isApiRoute)
      .map((route) => rowKeyOf(route.method, route.url)),
  );
  expect([...routes].sort()).toEqual(Object.keys(MATRIX).sort());
});

it('refuses callers without a valid session or token with 401 on every row that needs one', () => {
  for (const [row, entry] of Object.entries(MATRIX)) {
    if (entry.auth === 'none') continue;
    for (const caller of UNAUTHENTICATED) {
      expect({ row, caller, status: entry.expect[caller] }).toEqual({ row, caller, status: 401 });
    }
  }
  expect(cells.length).toBeGreaterThan(200);
});

it.each(cells)('$method $path as $caller, tampered $tamper: $expected', async (cell) => {
  const who = credentials.get(cell.caller);
  const row = MATRIX[cell.row];
  if (who === undefined || row === undefined) throw new Error('matrix setup');
  const before = { own: await stateOf(who.own), foreign: await stateOf(who.foreign) };
  newcomers += 1;
  const call = row.request({
    email: who.email,
    own: who.own,
    foreign: who.foreign,
    token: who.token,
    seats: before.own.seats ?? 0,
    newcomer: `newcomer-${newcomers}@${who.own.domain}`,
    tamper: cell.tamper,
  });
  const answer = await send(who, cell.method, call);
  expect(answer.status).toBe(cell.expected);
  const success = answer.status === 200 ? row.success : undefined;
  expect(answer.headers.get('cache-control')).toBe(success?.cacheControl ?? API_CACHE_CONTROL);
  if (success !== undefined) {
    expect(answer.headers.get('content-type')).toMatch(success.contentType);
  }

  if (cell.method === 'HEAD' || answer.status === NO_CONTENT) {
    expect(answer.text).toBe('');
  } else if (answer.status !== 200) {
    const { error } = answer.body as ErrorEnvelope;
    expect(error).toEqual(
      expect.objectContaining({ code: cell.expected, status: expect.any(String) }),
    );
    for (const secret of [...SECRETS, ...SEEDED_DELEGATES])
      expect(answer.text).not.toContain(secret);
  } else {
    // An answer holds the caller's own customer's data only.
    for (const secret of [who.foreign.customerId, who.foreign.subscriptionId, who.foreign.domain]) {
      expect(answer.text).not.toContain(secret);
    }
  }

  const after = { own: await stateOf(who.own), foreign: await stateOf(who.foreign) };
  expect(after.foreign).toEqual(before.foreign);
  // Sign-out's 204 changes no customer's data: only 200 answers to a change may.
  const allowedChange = answer.status === 200 && cell.method === 'POST';
  if (!allowedChange) expect(after.own).toEqual(before.own);
});
