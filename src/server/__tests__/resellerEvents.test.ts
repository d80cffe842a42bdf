import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { NotificationEvent } from '../../contract/notifications';
import { buildApp } from '../app';
import { readConfig } from '../config';
import { createDeliveryWorker } from '../notifications/deliveryWorker';
import { webhookChannel } from '../notifications/webhookChannel';
import { createLogger } from '../plugins/logger';
import { openSandbox, type Sandbox } from '../providers/sandbox';
import { createSqliteStore } from '../store/openStore';
import type { PortalStore } from '../store/portalStore';
import { removeDataDir } from '../../testing/server/portalHarness';
import { recordCompletedPurchase } from '../../testing/server/storeBackends';

// GET /api/reseller/events (docs/api.md): a billing system's key, never a session; the events oldest
// first after a sequence, with the same id, type and body as the webhook; a wrong key is a 401 that
// counts against the per-address quota, and the key never reaches a log line.

const KEY = 'billing-system-key-'.padEnd(40, 'k');
const OTHER_KEY = 'another-billing-key-'.padEnd(48, 'o');
const AT = Date.UTC(2030, 0, 15, 9);
const PER_ADDRESS = 8;
const EVENTS = 4;

let dataDir: string;
let sandbox: Sandbox;
let store: PortalStore;
let app: FastifyInstance;
const logLines: string[] = [];

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reseller-events-'));
  sandbox = await openSandbox({ dataDir });
  const opened = createSqliteStore(':memory:');
  await opened.migrate();
  store = opened.store;
  logLines.length = 0;
  app = buildApp({
    config: readConfig({
      PORTAL_DATA_DIR: dataDir,
      PORTAL_CLIENT_DIR: dataDir,
      RESELLER_API_KEYS: `${KEY}, ${OTHER_KEY}`,
      RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    }),
    provider: sandbox.provider,
    store,
    logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
  });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await store.close();
  sandbox.close();
  removeDataDir(dataDir);
});

/** A read of the events with this Authorization header (null: none). */
const read = (query: string, authorization: string | null = `Bearer ${KEY}`) =>
  app.inject({
    method: 'GET',
    url: `/api/reseller/events${query}`,
    headers: authorization === null ? {} : { authorization },
  });

async function writeEvents(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await recordCompletedPurchase(store, AT + index, `req-${index}`);
  }
}

it('answers 401 without a key, with a wrong one or another scheme, and with either key 200', async () => {
  for (const authorization of [null, `Bearer ${KEY}x`, `Basic ${KEY}`, KEY, 'Bearer ']) {
    const answer = await read('', authorization);
    expect({ authorization, status: answer.statusCode }).toEqual({ authorization, status: 401 });
    expect(answer.headers['www-authenticate']).toBe('Bearer');
    expect(answer.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  }
  expect((await read('', `Bearer ${OTHER_KEY}`)).statusCode).toBe(200);
});

it('counts a 401 against the per-address quota, so guessing keys is refused with 429', async () => {
  for (let attempt = 0; attempt < PER_ADDRESS; attempt += 1) {
    expect((await read('', `Bearer wrong-${attempt}`.padEnd(40, 'w'))).statusCode).toBe(401);
  }
  // Over the limit even with the right key: every request of the address counted.
  expect((await read('')).statusCode).toBe(429);
});

it('answers the events oldest first after a sequence, `limit` at a time, with `next` to go on from', async () => {
  await writeEvents(EVENTS);
  const all = (await read('')).json<{ events: NotificationEvent[]; next: number }>();
  expect(all.events).toHaveLength(EVENTS);
  const sequences = all.events.map((event) => event.sequence);
  expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  expect(new Set(sequences).size).toBe(EVENTS);
  expect(all.next).toBe(sequences.at(-1));

  const first = (await read('?limit=3')).json<{ events: NotificationEvent[]; next: number }>();
  expect(first.events).toEqual(all.events.slice(0, 3));
  expect(first.next).toBe(sequences[2]);
  const rest = (await read(`?after=${first.next}&limit=3`)).json<{
    events: NotificationEvent[];
    next: number;
  }>();
  expect(rest.events).toEqual(all.events.slice(3));
  // Nothing newer: no events, and `next` stays where it was.
  const none = (await read(`?after=${rest.next}`)).json<{ events: unknown[]; next: number }>();
  expect(none).toEqual({ events: [], next: rest.next });
});

it.each([
  ['?after=-1'],
  ['?after=abc'],
  ['?after=99999999999999999'],
  ['?limit=0'],
  ['?limit=1001'],
  ['?limit=ten'],
  ['?since=1'],
])('answers 400 with the error envelope for %s', async (query) => {
  const answer = await read(query);
  expect(answer.statusCode).toBe(400);
  expect(answer.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
});

it('answers the very bodies the webhook POSTs, in the same order, and never logs a key', async () => {
  await writeEvents(EVENTS);
  const posted: NotificationEvent[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      posted.push(JSON.parse(body) as NotificationEvent);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = receiver.address() as { port: number };
    const worker = createDeliveryWorker({
      outbox: store,
      channels: [webhookChannel({ url: `http://127.0.0.1:${port}/`, secret: KEY })],
      tuning: { retryBaseMs: 1000, retryForMs: 60_000, leaseMs: 60_000, pollMs: 10 },
      log: createLogger('silent'),
    });
    await worker.runOnce();
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
  const { events } = (await read('')).json<{ events: NotificationEvent[] }>();
  expect(posted).toHaveLength(EVENTS);
  expect(events).toEqual(posted);
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('\n')).not.toContain(KEY);
});
