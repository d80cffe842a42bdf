import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { NotificationEvent } from '../../contract/notifications';
import { sampleCharge, samplePurchaseEvent } from '../../testing/sampleAnswers';
import { ConfigError } from '../configError';
import { MAX_OUTBOX_POLL_MS, MAX_OUTBOX_RETRY_BASE_MS } from '../configuration/schema';
import { captureLogs } from '../../testing/server/capturedLogs';
import { recordCompletedPurchase } from '../../testing/server/storeBackends';
import { createLogger } from '../plugins/logger';
import { createPortalMetrics } from '../plugins/metrics';
import { memoryStoreForTests } from '../../testing/server/memoryStore';
import type { DeliveryChannel } from './channel';
import { createDeliveryWorker, retryDelayMs } from './deliveryWorker';
import { mailChannels, smtpSender, type MailRecipients } from './mailChannel';
import { readNotificationConfig, type NotificationConfig } from './notificationConfig';
import { orderConfirmationOf } from './orderConfirmation';
import { resellerNoticeOf } from './resellerNotice';
import { startNotifier } from './notifier';
import { signatureOf, webhookChannel } from './webhookChannel';

// The notifications end to end inside the test process: the worker's retries and failures, mail to a
// real SMTP server, and the signed webhook checked by the receiver of docs/examples.

jest.setTimeout(30_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SECRET = 'notifications-test-secret-'.padEnd(40, 'x');
const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const A_MINUTE_MS = 60_000;
/** pino's number for a warning line. */
const WARN_LEVEL = 40;

const purchase = samplePurchaseEvent({ skuName: 'Google Workspace <Business> Standard' });

/** ACME's one administrator, and no time zone named by anyone. */
const ACME_PEOPLE: MailRecipients = {
  administratorsOf: async () => ['admin@acme.example'],
  timeZoneOf: async () => null,
};

const TUNING = { retryBaseMs: 10_000, retryForMs: 30_000, leaseMs: 60_000, pollMs: 1000 };

const store = memoryStoreForTests();

async function writeCompletedPurchase(): Promise<void> {
  await recordCompletedPurchase(store, NOW, 'req-1');
}

describe('the delivery worker', () => {
  it('retries with a doubling delay, the first within a minute', () => {
    expect(retryDelayMs(1, TUNING.retryBaseMs)).toBe(10_000);
    expect(retryDelayMs(2, TUNING.retryBaseMs)).toBe(20_000);
    expect(retryDelayMs(3, TUNING.retryBaseMs)).toBe(40_000);
  });

  it('retries within a minute at the slowest settings allowed, and refuses slower ones', () => {
    const read = (env: NodeJS.ProcessEnv) => () => readNotificationConfig(env, 'google');
    const slowest = read({
      OUTBOX_RETRY_BASE_MS: String(MAX_OUTBOX_RETRY_BASE_MS),
      OUTBOX_POLL_MS: String(MAX_OUTBOX_POLL_MS),
    })().worker;
    // The row is due after the first delay; the worker's next pass finds it within one poll.
    expect(retryDelayMs(1, slowest.retryBaseMs) + slowest.pollMs).toBeLessThanOrEqual(A_MINUTE_MS);
    expect(read({ OUTBOX_RETRY_BASE_MS: String(MAX_OUTBOX_RETRY_BASE_MS + 1) })).toThrow(
      /^OUTBOX_RETRY_BASE_MS must be/,
    );
    expect(read({ OUTBOX_POLL_MS: String(MAX_OUTBOX_POLL_MS + 1) })).toThrow(
      /^OUTBOX_POLL_MS must be/,
    );
  });

  it('retries only the channel that failed, then keeps the row failed with its last error', async () => {
    await writeCompletedPurchase();
    const calls: string[] = [];
    const channels: DeliveryChannel[] = [
      {
        name: 'receipt',
        accepts: () => true,
        deliver: async (event) => void calls.push(`receipt ${event.id}`),
      },
      {
        name: 'webhook',
        accepts: () => true,
        async deliver(event) {
          calls.push(`webhook ${event.id}`);
          throw new Error('webhook answered 503');
        },
      },
    ];
    let now = Date.now();
    const metrics = createPortalMetrics();
    metrics.watchStore(store);
    const worker = createDeliveryWorker({
      outbox: store,
      channels,
      tuning: TUNING,
      log: createLogger('silent'),
      metrics,
      now: () => now,
    });
    expect(await worker.runOnce()).toBe(1);
    // Not due again until the backoff has passed.
    expect(await worker.runOnce()).toBe(0);
    now += 10_000;
    expect(await worker.runOnce()).toBe(1);
    now += 20_000;
    expect(await worker.runOnce()).toBe(1);
    now += 3_600_000;
    expect(await worker.runOnce()).toBe(0);

    const ids = new Set(calls.map((call) => call.split(' ')[1]));
    expect(ids.size).toBe(1);
    expect(calls.filter((call) => call.startsWith('receipt'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('webhook'))).toHaveLength(3);
    const [failed] = await store.failedNotifications();
    expect(failed).toMatchObject({
      state: 'failed',
      attempts: 3,
      deliveredChannels: ['receipt'],
      lastError: 'webhook: webhook answered 503',
    });
    const exposition = await metrics.registry.metrics();
    expect(exposition).toContain(
      'portal_notification_deliveries_total{channel="receipt",outcome="delivered"} 1',
    );
    expect(exposition).toContain(
      'portal_notification_deliveries_total{channel="webhook",outcome="retry"} 2',
    );
    expect(exposition).toContain(
      'portal_notification_deliveries_total{channel="webhook",outcome="failed"} 1',
    );
    expect(exposition).toContain('portal_outbox_notifications{state="failed"} 1');
    expect(exposition).toContain('portal_outbox_notifications{state="waiting"} 0');
  });

  it('holds each row of a slow batch afresh at its turn, so no other worker takes it meanwhile', async () => {
    const rows = 3;
    for (let index = 0; index < rows; index += 1) await writeCompletedPurchase();
    let now = NOW;
    // Each delivery takes 40% of the lease: the third ends after the batch's first lease would have.
    const deliveryMs = (TUNING.leaseMs * 2) / 5;
    const inFlight = new Set<string>();
    const delivered: string[] = [];
    let overlaps = 0;
    const slowHook = (whileDelivering: () => Promise<unknown>): DeliveryChannel => ({
      name: 'webhook',
      accepts: () => true,
      async deliver(event) {
        if (inFlight.has(event.id)) overlaps += 1;
        inFlight.add(event.id);
        now += deliveryMs;
        await whileDelivering();
        inFlight.delete(event.id);
        delivered.push(event.id);
      },
    });
    const workerOf = (workerId: string, channel: DeliveryChannel) =>
      createDeliveryWorker({
        outbox: store,
        channels: [channel],
        tuning: TUNING,
        log: createLogger('silent'),
        now: () => now,
        workerId,
      });
    // Another instance looks for due rows while the first is delivering.
    const other = workerOf(
      'other',
      slowHook(async () => undefined),
    );
    const first = workerOf(
      'first',
      slowHook(() => other.runOnce()),
    );
    expect(await first.runOnce()).toBe(rows);
    expect(overlaps).toBe(0);
    expect(delivered).toHaveLength(rows);
    expect(new Set(delivered).size).toBe(rows);
  });
});

describe('mail through SMTP', () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  let smtp: SMTPServer;
  let port: number;
  let received: Received[];
  beforeEach(async () => {
    received = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  /** The message's part of this content type, quoted-printable decoded to UTF-8 text. */
  function part(raw: string, contentType: string): string {
    const start = raw.indexOf(`Content-Type: ${contentType}`);
    const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4);
    const end = body.search(/\r\n--/);
    const bytes = body
      .slice(0, end)
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }

  it('sends the buyer an order confirmation and the reseller a notice, in text and escaped HTML', async () => {
    const config = readNotificationConfig(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Reseller Portal <portal@reseller.example>',
        NOTIFY_RESELLER_EMAIL: 'sales@reseller.example',
      },
      'google',
    );
    const sender = smtpSender(config.smtpUrl ?? '');
    try {
      for (const channel of mailChannels(config, sender, ACME_PEOPLE)) {
        await channel.deliver(purchase);
      }
    } finally {
      sender.close();
    }
    expect(received.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: 'portal@reseller.example', to: ['admin@acme.example'] },
      { from: 'portal@reseller.example', to: ['sales@reseller.example'] },
    ]);
    const [receipt, notice] = received.map((mail) => mail.raw) as [string, string];
    expect(receipt).toContain(
      'Subject: Order confirmation: 2 licenses added for acme.example, 22 in total',
    );
    expect(receipt).toContain('From: Reseller Portal <portal@reseller.example>');
    expect(notice).toContain('Subject: Licenses added: acme.example');
    const text = part(receipt, 'text/plain');
    expect(text).toContain('Customer: acme.example');
    expect(text).toContain('Subscription: Google Workspace <Business> Standard');
    expect(text).toContain('Licenses before: 20');
    expect(text).toContain('Licenses after: 22');
    expect(text).toContain('By: admin@acme.example');
    expect(text).toContain('When: 2030-01-15 09:00:00 UTC');
    expect(text).not.toContain('Price');
    const html = part(receipt, 'text/html');
    expect(html).toContain('Google Workspace &lt;Business&gt; Standard');
    expect(html).not.toContain('<Business>');
  });

  /** Every mail channel of this configuration delivers the event to the test's SMTP server. */
  async function mailOver(
    event: NotificationEvent,
    people: MailRecipients = ACME_PEOPLE,
  ): Promise<void> {
    const config = readNotificationConfig(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'portal@reseller.example',
        NOTIFY_RESELLER_EMAIL: 'sales@reseller.example',
      },
      'google',
    );
    const sender = smtpSender(config.smtpUrl ?? '');
    try {
      for (const channel of mailChannels(config, sender, people)) {
        if (channel.accepts(event)) await channel.deliver(event);
      }
    } finally {
      sender.close();
    }
  }

  it('prints the charge of the seats bought in the text and the HTML of both mails', async () => {
    await mailOver({ ...purchase, charge: sampleCharge() });
    const line =
      'Price: €28.80 per month (2 × €14.40), €119.30 until the renewal on 2027-03-31, before tax';
    expect(received).toHaveLength(2);
    for (const { raw } of received) {
      expect(part(raw, 'text/plain')).toContain(line);
      expect(part(raw, 'text/html')).toContain(
        '<th scope="row" align="left">Price</th><td>€28.80 per month (2 × €14.40)',
      );
    }
  });

  it("sends each administrator a copy of a delegate's order, each a mail of its own, dated in their zone", async () => {
    const people: MailRecipients = {
      administratorsOf: async () => ['admin@acme.example', 'owner@acme.example'],
      timeZoneOf: async (person) => (person === 'owner@acme.example' ? 'Asia/Tokyo' : null),
    };
    await mailOver({ ...purchase, actor: 'licences@acme.example' }, people);
    expect(received.map(({ to }) => to)).toEqual([
      ['licences@acme.example'],
      ['admin@acme.example'],
      ['owner@acme.example'],
      ['sales@reseller.example'],
    ]);
    const [, adminCopy, ownerCopy] = received.map((mail) => mail.raw) as [string, string, string];
    expect(adminCopy).toMatch(/^To: admin@acme\.example\r$/m);
    expect(adminCopy).not.toContain('owner@acme.example');
    expect(adminCopy).not.toMatch(/^Cc:/m);
    for (const copy of [adminCopy, ownerCopy]) {
      const text = part(copy, 'text/plain');
      expect(text).toContain('Order confirmation: copy for your administrators');
      expect(text).toContain(
        'Ordered by licences@acme.example: 2 licenses added to Google Workspace <Business> Standard for acme.example, 22 in total.',
      );
      expect(text).toContain('not a tax invoice');
      expect(text).toContain(`Reference: ${purchase.id}`);
    }
    expect(part(adminCopy, 'text/plain')).toContain('When: 2030-01-15 09:00:00 UTC');
    expect(part(ownerCopy, 'text/plain')).toContain('When: 2030-01-15 18:00:00 Asia/Tokyo');
  });

  it('sends no copy when an administrator buys: they have the confirmation itself', async () => {
    const people: MailRecipients = {
      administratorsOf: async () => ['admin@acme.example', 'owner@acme.example'],
      timeZoneOf: async () => null,
    };
    await mailOver(purchase, people);
    expect(received.map(({ to }) => to)).toEqual([
      ['admin@acme.example'],
      ['sales@reseller.example'],
    ]);
  });

  it('tells the reseller of a delegate change, and sends its actor no receipt', async () => {
    await mailOver({
      ...purchase,
      type: 'support-delegate.added',
      subscriptionId: null,
      skuId: null,
      skuName: null,
      before: [],
      after: ['helpdesk@acme.example'],
    });
    expect(received.map(({ to }) => to)).toEqual([['sales@reseller.example']]);
    const [notice] = received.map((mail) => mail.raw) as [string];
    expect(notice).toContain('Subject: Support delegate added: acme.example');
    const text = part(notice, 'text/plain');
    expect(text).toContain('Delegates before: (none)');
    expect(text).toContain('Delegates after: helpdesk@acme.example');
    expect(text).toContain('By: admin@acme.example');
  });

  it('refuses a bad SMTP_URL or address with one line naming the variable', () => {
    const read = (env: NodeJS.ProcessEnv) => () => readNotificationConfig(env, 'google');
    expect(read({ SMTP_URL: 'http://mail.example' })).toThrow(
      new ConfigError('SMTP_URL must start with smtp:// or smtps://.'),
    );
    expect(read({ WEBHOOK_URL: 'hooks.example/portal', WEBHOOK_SECRET: SECRET })).toThrow(
      new ConfigError('WEBHOOK_URL must be a URL starting with https:// or http://.'),
    );
    expect(read({ SMTP_URL: 'smtps://mail.example' })).toThrow(/^MAIL_FROM is required/);
    expect(read({ SMTP_URL: 'smtps://m.example', MAIL_FROM: 'not an address' })).toThrow(
      /^MAIL_FROM must be an e-mail address/,
    );
    expect(read({ NOTIFY_RESELLER_EMAIL: 'x@y\r\nBcc: z@w.example' })).toThrow(
      /^NOTIFY_RESELLER_EMAIL/,
    );
  });
});

describe("the mails' words", () => {
  const FROM = 'portal@reseller.example';
  const RESELLER = 'sales@reseller.example';
  const settings = readNotificationConfig({ MAIL_FROM: FROM }, 'google');
  const confirmation = { from: FROM, seller: settings.seller, portalUrl: null };
  const notice = { from: FROM, to: RESELLER, portalUrl: null };
  const delegateChange = (type: NotificationEvent['type']): NotificationEvent => ({
    ...purchase,
    type,
    subscriptionId: null,
    skuId: null,
    skuName: null,
    before: [],
    after: ['helpdesk@acme.example'],
  });

  it('say license, as the screens do, in every subject, text and HTML, never licence', () => {
    const mails = [
      orderConfirmationOf(purchase, confirmation, null),
      resellerNoticeOf(purchase, notice),
      ...(
        [
          'licence-delegate.added',
          'licence-delegate.removed',
          'support-delegate.added',
          'support-delegate.removed',
        ] as const
      ).map((type) => resellerNoticeOf(delegateChange(type), notice)),
    ];
    expect(mails.map((mail) => mail?.subject)).toEqual([
      'Order confirmation: 2 licenses added for acme.example, 22 in total',
      'Licenses added: acme.example',
      'License delegate added: acme.example',
      'License delegate removed: acme.example',
      'Support delegate added: acme.example',
      'Support delegate removed: acme.example',
    ]);
    for (const mail of mails) {
      expect(`${mail?.subject}\n${mail?.text}\n${mail?.html}`).not.toMatch(/licence/i);
    }
  });

  it('tell the reseller of a total changed outside the portal, and send nobody an order confirmation', () => {
    const found: NotificationEvent = {
      ...purchase,
      type: 'seats.changed-outside',
      actor: 'Google',
      before: 22,
      after: 20,
      charge: null,
    };
    expect(orderConfirmationOf(found, confirmation, null)).toBeNull();
    const mail = resellerNoticeOf(found, notice);
    expect(mail.subject).toBe('Licenses changed outside the portal: acme.example');
    expect(mail.text).toContain('Licenses before: 22\nLicenses after: 20\nBy: Google\n');
    expect(mail.text).toContain(
      'The total of Google Workspace <Business> Standard for acme.example (customer C0acme001) was changed outside the portal, at Google: 22 → 20 licenses.',
    );
  });

  it("counts one license in the singular, as the success dialog's 'You added 1 license.'", () => {
    expect(
      orderConfirmationOf({ ...purchase, before: 20, after: 21 }, confirmation, null)?.subject,
    ).toBe('Order confirmation: 1 license added for acme.example, 21 in total');
  });
});

describe('the signed webhook', () => {
  let receiver: ChildProcessWithoutNullStreams | undefined;
  afterEach(() => {
    receiver?.kill('SIGTERM');
    receiver = undefined;
  });

  function startReceiver(): Promise<{ url: string; lines: () => string[] }> {
    const child = spawn(process.execPath, [path.join(ROOT, 'docs/examples/verify-webhook.js')], {
      env: { PATH: process.env.PATH, WEBHOOK_SECRET: SECRET, PORT: '0' },
    });
    receiver = child;
    let output = '';
    return new Promise((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const url = /listening on (\S+)/.exec(output)?.[1];
        if (url !== undefined) {
          resolve({ url, lines: () => output.split('\n').filter((line) => line.startsWith('{')) });
        }
      });
    });
  }

  it("is taken by the docs' example receiver, which dedupes a repeat by id", async () => {
    const { url, lines } = await startReceiver();
    const channel = webhookChannel({ url, secret: SECRET });
    await channel.deliver(purchase);
    await channel.deliver(purchase);
    expect(lines().map((line) => JSON.parse(line) as unknown)).toEqual([purchase]);
  });

  it('is refused by the example receiver when signed with another secret or too long ago', async () => {
    const { url } = await startReceiver();
    await expect(
      webhookChannel({ url, secret: `${SECRET}-other` }).deliver(purchase),
    ).rejects.toThrow('webhook answered 401');
    const sixMinutesAgo = () => Date.now() - 6 * 60_000;
    await expect(
      webhookChannel({ url, secret: SECRET }, sixMinutesAgo).deliver(purchase),
    ).rejects.toThrow('webhook answered 401');
  });

  it('signs each attempt afresh over "<t>.<raw body>"', async () => {
    const seen: { signature: string; body: string }[] = [];
    const server: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({ signature: String(request.headers['portal-signature']), body });
        response.writeHead(seen.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
    let clock = NOW;
    const channel = webhookChannel({ url, secret: SECRET }, () => clock);
    await expect(channel.deliver(purchase)).rejects.toThrow('webhook answered 500');
    clock += 10_000;
    await channel.deliver(purchase);
    server.close();
    expect(seen.map(({ signature }) => signature)).toEqual([
      signatureOf(SECRET, NOW / 1000, JSON.stringify(purchase)),
      signatureOf(SECRET, NOW / 1000 + 10, JSON.stringify(purchase)),
    ]);
    expect(seen[0]?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual(purchase);
  });

  it('warns at start of a plain http webhook off loopback, without its secret', async () => {
    const { logs, sink } = captureLogs();
    const notifier = await startNotifier({
      config: readNotificationConfig(
        { WEBHOOK_URL: 'http://hooks.example/portal', WEBHOOK_SECRET: SECRET },
        'google',
      ),
      store,
      provider: { listAdministrators: async () => [] },
      log: createLogger('info', sink),
    });
    await notifier.stop();
    expect(logs.filter((line) => line.level === WARN_LEVEL).map((line) => line.msg)).toEqual([
      'WEBHOOK_URL sends notifications unencrypted (http:) to hooks.example: use TLS off this machine.',
    ]);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });

  it('needs a long WEBHOOK_SECRET with WEBHOOK_URL, and warns of plain http off loopback', () => {
    expect(() =>
      readNotificationConfig({ WEBHOOK_URL: 'https://hooks.example/portal' }, 'google'),
    ).toThrow(/^WEBHOOK_SECRET is required with WEBHOOK_URL/);
    const config: NotificationConfig = readNotificationConfig(
      { WEBHOOK_URL: 'http://hooks.example/portal', WEBHOOK_SECRET: SECRET },
      'google',
    );
    expect(config.warnings).toEqual([
      'WEBHOOK_URL sends notifications unencrypted (http:) to hooks.example: use TLS off this machine.',
    ]);
    expect(config.warnings.join(' ')).not.toContain(SECRET);
    expect(
      readNotificationConfig(
        { WEBHOOK_URL: 'http://127.0.0.1:9000/', WEBHOOK_SECRET: SECRET },
        'google',
      ).warnings,
    ).toEqual([]);
  });
});
