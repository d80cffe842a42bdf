import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HistoryPage } from '../../contract/history';
import type { NotificationEvent } from '../../contract/notifications';
import type { PricePreviewResponse } from '../../contract/prices';
import { SANDBOX_PRICE_VERSION, sampleCharge } from '../../testing/sampleAnswers';
import {
  errorOf,
  removeDataDir,
  startPortal,
  type Browser,
  type Portal,
} from '../../testing/server/portalHarness';
import { createLogger } from '../plugins/logger';
import type { DeliveryChannel } from '../notifications/channel';
import { createDeliveryWorker } from '../notifications/deliveryWorker';
import { mailboxSender, mailChannels } from '../notifications/mailChannel';
import { readNotificationConfig } from '../notifications/notificationConfig';

// A purchase's charge as quoted (docs/api.md, GET /api/price-preview, Money): the preview's price
// version sent back, the charge computed under the purchase's lock and recorded on its history
// entry, and the history answer, the event and the receipt all read it from there.

const BUYER = 'admin@acme.example';
const SEATS_TO_ADD = 2;
/** Inside acme.example's commitment (docs/api.md's worked examples use this day). */
const TODAY = Date.UTC(2026, 10, 25, 12, 0, 0);
const MAILS_SHOWN = 10;
const TUNING = { retryBaseMs: 10_000, retryForMs: 60_000, leaseMs: 60_000, pollMs: 1000 };
const ACME_PREVIEW = `/api/price-preview?customer=C0acme001&subscriptionId=sub-acme-001&seats=${SEATS_TO_ADD}`;

let portal: Portal;
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

function buy(browser: Browser, priceVersion?: string) {
  return browser.post('/api/add-licence', {
    customerId: 'C0acme001',
    subscriptionId: 'sub-acme-001',
    numberOfSeats: 20 + SEATS_TO_ADD,
    expectedNumberOfSeats: 20,
    ...(priceVersion === undefined ? {} : { priceVersion }),
  });
}

/** Delivers the outbox once: the events the webhook got, and the buyer's receipt. */
async function deliver(): Promise<{ events: NotificationEvent[]; receipt: string }> {
  const events: NotificationEvent[] = [];
  const hook: DeliveryChannel = {
    name: 'webhook',
    accepts: () => true,
    deliver: async (event) => void events.push(event),
  };
  const config = readNotificationConfig({}, 'sandbox');
  const sender = mailboxSender(portal.sandbox.mailbox, () => portal.clock.now);
  const worker = createDeliveryWorker({
    outbox: portal.store,
    channels: [
      ...mailChannels(config, sender, {
        administratorsOf: (customerId) => portal.sandbox.provider.listAdministrators(customerId),
        timeZoneOf: (person) => portal.store.timeZoneOf(person),
      }),
      hook,
    ],
    tuning: TUNING,
    log: createLogger('silent'),
  });
  await worker.runOnce();
  const mail = portal.sandbox.mailbox.list(MAILS_SHOWN).find((kept) => kept.to === BUYER);
  return { events, receipt: mail?.text ?? '' };
}

/** Previews two seats for acme.example, buys them at the version quoted, delivers the outbox once. */
async function buyTwoSeats() {
  portal.clock.now = TODAY;
  const browser = await portal.signIn(BUYER);
  const preview = await browser.get<PricePreviewResponse>(ACME_PREVIEW);
  expect(preview.status).toBe(200);
  const bought = await buy(browser, preview.body.price?.priceVersion);
  expect(bought.status).toBe(200);
  const history = await browser.get<HistoryPage>('/api/history?customer=C0acme001&kind=licences');
  const { events, receipt } = await deliver();
  const [event] = events;
  if (event === undefined) throw new Error('no event delivered');
  return { event, receipt, preview: preview.body.price, history: history.body };
}

it('records the charge as quoted, and the history, the webhook and the receipt carry it', async () => {
  portal = await startPortal();
  const { event, receipt, preview, history } = await buyTwoSeats();
  expect(preview).toMatchObject({
    priceVersion: SANDBOX_PRICE_VERSION,
    unitPriceMinor: 1440,
    untilRenewalMinor: 11930,
  });
  expect(history.entries[0]).toMatchObject({ kind: 'licences', before: 20, after: 22 });
  expect(history.entries[0]?.kind === 'licences' && history.entries[0].charge).toEqual(
    sampleCharge(),
  );
  expect(event.charge).toEqual(sampleCharge());
  expect(receipt).toContain(
    'Price: €28.80 per month (2 × €14.40), €119.30 until the renewal on 2027-03-31, before tax',
  );
});

it('refuses with 409 a purchase quoted at another price version, and buys nothing', async () => {
  portal = await startPortal();
  portal.clock.now = TODAY;
  const browser = await portal.signIn(BUYER);
  const refused = await buy(browser, 'sha256:0123456789ab');
  expect(refused.status).toBe(409);
  expect(errorOf(refused)).toMatchObject({
    status: 'ABORTED',
    message:
      'The price of licenses has changed since it was shown to you, so nothing was bought. Reload the page to see the new price, then buy again.',
  });
  const history = await browser.get<HistoryPage>('/api/history?customer=C0acme001');
  expect(history.body.entries).toEqual([]);
  expect((await deliver()).events).toEqual([]);
});

it('charges in yen at a price file’s own version, in whole yen', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prices-'));
  const priceFile = path.join(dataDir, 'prices.json');
  writeFileSync(
    priceFile,
    JSON.stringify({
      currency: 'JPY',
      version: 'tokyo-2026',
      prices: { '1010020028': { ANNUAL_MONTHLY_PAY: '1500' } },
    }),
  );
  portal = await startPortal({ dataDir, env: { PRICE_FILE: priceFile } });
  const { event, receipt, history } = await buyTwoSeats();
  // 2 × 1500 × 12 × 126 ÷ 365 = 12427.39… → ¥12427 (docs/api.md, Formulas).
  const charge = {
    currency: 'JPY',
    unitPriceMinor: 1500,
    seats: 2,
    period: 'month',
    amountMinor: 12427,
    termEnd: '2027-03-31',
    priceVersion: 'tokyo-2026',
  };
  expect(history.entries[0]?.kind === 'licences' && history.entries[0].charge).toEqual(charge);
  expect(event.charge).toEqual(charge);
  expect(receipt).toContain('Price: ¥3,000 per month (2 × ¥1,500), ¥12,427 until the renewal');
});

it('carries no charge and prints no price line when none is configured for the SKU', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prices-'));
  const priceFile = path.join(dataDir, 'prices.json');
  writeFileSync(priceFile, JSON.stringify({ currency: 'EUR', prices: {} }));
  portal = await startPortal({ dataDir, env: { PRICE_FILE: priceFile } });
  const { event, receipt, preview, history } = await buyTwoSeats();
  expect(preview).toBeNull();
  expect(history.entries[0]).toMatchObject({ kind: 'licences', charge: null });
  expect(event.charge).toBeNull();
  expect(receipt).toContain('Licenses after: 22');
  expect(receipt).not.toContain('Price');
});
