import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOKEN_HEADER } from '../../contract/api';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { NotificationEvent } from '../../contract/notifications';
import type { SubscriptionInfo } from '../../contract/subscription';
import { Browser } from '../../testing/server/portalHarness';
import {
  PROCESS_START_TIMEOUT_MS,
  startPortalProcess,
  type PortalProcess,
} from '../../testing/server/portalProcess';

// The outbox survives the process (docs/notifications.md, Delivery): a sandbox portal killed with
// SIGKILL while its webhook delivery is under way delivers the same event after a restart; a receiver
// down for longer than the old give-up time (8 attempts) gets every event once it returns, and the
// reseller API (docs/api.md, GET /api/reseller/events) reads the same events in the same order.

jest.setTimeout(4 * PROCESS_START_TIMEOUT_MS);

const SECRET = 'notifications-process-secret-'.padEnd(40, 'x');
const ADMIN = 'admin@acme.example';

interface Delivery {
  event: NotificationEvent;
  response: ServerResponse<IncomingMessage>;
}

let receiver: Server;
let deliveries: Delivery[] = [];
let arrivals: (() => void)[] = [];
let portals: PortalProcess[] = [];
let dataDir: string;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-notify-'));
  deliveries = [];
  // The receiver holds every request until the test answers it.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      deliveries.push({ event: JSON.parse(body) as NotificationEvent, response });
      for (const arrived of arrivals) arrived();
      arrivals = [];
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  for (const portal of portals) await portal.stop();
  portals = [];
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

function deliveryNumber(count: number): Promise<Delivery> {
  return new Promise((resolve) => {
    const check = () => {
      const delivery = deliveries[count - 1];
      if (delivery !== undefined) resolve(delivery);
      else arrivals.push(check);
    };
    check();
  });
}

async function startPortal(env: NodeJS.ProcessEnv = {}): Promise<PortalProcess> {
  const port = (receiver.address() as { port: number }).port;
  const portal = await startPortalProcess({
    dataDir,
    env: {
      WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
      WEBHOOK_SECRET: SECRET,
      OUTBOX_POLL_MS: '100',
      // Longer than the test: only the restart's release of the dead process's rows redelivers in time.
      OUTBOX_LEASE_MS: '600000',
      ...env,
    },
  });
  portals.push(portal);
  return portal;
}

async function signIn(
  portal: PortalProcess,
  email: string,
): Promise<{ browser: Browser; info: SubscriptionInfo }> {
  const browser = new Browser(portal.origin);
  const token = await browser.post<{ access_token: string }>('/sandbox/oauth/token', {
    login_hint: email,
    client_id: 'sandbox-client',
    scopes: SIGN_IN_SCOPES,
  });
  const info = await browser.get<SubscriptionInfo>(
    `/api/subscription-info?email=${encodeURIComponent(email)}`,
    { [TOKEN_HEADER]: token.body.access_token },
  );
  if (info.status !== 200) throw new Error(`sign-in answered ${info.status}: ${info.text}`);
  return { browser, info: info.body };
}

it('delivers a purchase killed mid-delivery after the restart, with the same event id', async () => {
  const first = await startPortal();
  const { browser: admin, info } = await signIn(first, ADMIN);
  const bought = await admin.post('/api/add-licence', {
    customerId: info.customerId,
    subscriptionId: info.subscriptionId,
    numberOfSeats: info.numberOfSeats + 1,
    expectedNumberOfSeats: info.numberOfSeats,
  });
  expect(bought.status).toBe(200);

  const held = await deliveryNumber(1);
  await first.stop('SIGKILL');
  const second = await startPortal();
  const redelivered = await deliveryNumber(2);
  redelivered.response.writeHead(204).end();

  expect(redelivered.event.id).toBe(held.event.id);
  expect(redelivered.event).toMatchObject({
    type: 'licences.added',
    customerDomain: 'acme.example',
    actor: ADMIN,
    before: info.numberOfSeats,
    after: info.numberOfSeats + 1,
    charge: expect.objectContaining({ period: 'month', currency: 'EUR', seats: 1 }),
  });
  // The sandbox without SMTP_URL kept the buyer's order confirmation in its mailbox.
  const mailbox = await new Browser(second.origin).get('/sandbox/mail');
  expect(mailbox.status).toBe(200);
  expect(mailbox.text).toContain(
    `Order confirmation: 1 license added for acme.example, ${info.numberOfSeats + 1} in total`,
  );
});

describe('a webhook receiver down for longer than the old give-up time', () => {
  const RETRY_BASE_MS = 20;
  /** Before WEBHOOK_RETRY_FOR, the 8th attempt was the last: the base times 2^7 - 1 after the first. */
  const OLD_GIVE_UP_MS = RETRY_BASE_MS * (2 ** 7 - 1);
  const KEY = 'billing-system-key-'.padEnd(40, 'k');
  const PURCHASES = 3;

  it('gets every event once when it returns, and the reseller API reads them in the same order', async () => {
    const port = (receiver.address() as { port: number }).port;
    const portal = await startPortal({
      OUTBOX_RETRY_BASE_MS: String(RETRY_BASE_MS),
      OUTBOX_POLL_MS: '20',
      WEBHOOK_RETRY_FOR: '90s',
      RESELLER_API_KEYS: KEY,
    });
    // The receiver goes away: every attempt meets a closed port.
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    const { browser: admin, info } = await signIn(portal, ADMIN);
    for (let bought = 0; bought < PURCHASES; bought += 1) {
      const answer = await admin.post('/api/add-licence', {
        customerId: info.customerId,
        subscriptionId: info.subscriptionId,
        numberOfSeats: info.numberOfSeats + bought + 1,
        expectedNumberOfSeats: info.numberOfSeats + bought,
      });
      expect(answer.status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, OLD_GIVE_UP_MS + 1000));

    // Back on the same port, answering every delivery at once.
    const received: NotificationEvent[] = [];
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push(JSON.parse(body) as NotificationEvent);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
    const deadline = Date.now() + 15_000;
    while (new Set(received.map((event) => event.id)).size < PURCHASES && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A moment more, in which a second delivery of any of them would arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(PURCHASES);
    expect(new Set(received.map((event) => event.id)).size).toBe(PURCHASES);

    const page = await fetch(`${portal.origin}/api/reseller/events?after=0&limit=10`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(page.status).toBe(200);
    const { events, next } = (await page.json()) as { events: NotificationEvent[]; next: number };
    const bySequence = [...received].sort((a, b) => a.sequence - b.sequence);
    expect(events).toEqual(bySequence);
    expect(events.map((event) => event.after)).toEqual(
      Array.from({ length: PURCHASES }, (_, index) => info.numberOfSeats + index + 1),
    );
    expect(next).toBe(events.at(-1)?.sequence);
  });
});
