import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NotificationEvent } from '../../contract/notifications';
import type { PricePreviewResponse } from '../../contract/prices';
import { samplePricePreview } from '../../testing/sampleAnswers';
import { removeDataDir, startPortal, type Portal } from '../../testing/server/portalHarness';
import { createLogger } from '../plugins/logger';
import type { DeliveryChannel } from '../notifications/channel';
import { createDeliveryWorker } from '../notifications/deliveryWorker';
import { mailboxSender, mailChannels } from '../notifications/mailChannel';
import { readNotificationConfig } from '../notifications/notificationConfig';

// A purchase's notification carries its price (docs/notifications.md, Events): the one the price
// preview answers (docs/api.md, GET /api/price-preview), and the sandbox's receipt prints it.

const BUYER = 'admin@acme.example';
const SEATS_TO_ADD = 2;
/** Inside acme.example's commitment (docs/api.md's worked examples use this day). */
const TODAY = Date.UTC(2026, 10, 25, 12, 0, 0);
const MAILS_SHOWN = 10;
const TUNING = { retryBaseMs: 10_000, retryForMs: 60_000, leaseMs: 60_000, pollMs: 1000 };

let portal: Portal;
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

/** Buys two seats for acme.example, delivers the outbox once; the event and the mail kept. */
async function buyTwoSeats(): Promise<{
  event: NotificationEvent;
  receipt: string;
  preview: unknown;
}> {
  portal.clock.now = TODAY;
  const browser = await portal.signIn(BUYER);
  const preview = await browser.get<PricePreviewResponse>(
    `/api/price-preview?customer=C0acme001&subscriptionId=sub-acme-001&seats=${SEATS_TO_ADD}`,
  );
  expect(preview.status).toBe(200);
  const bought = await browser.post('/api/add-licence', {
    customerId: 'C0acme001',
    subscriptionId: 'sub-acme-001',
    numberOfSeats: 20 + SEATS_TO_ADD,
    expectedNumberOfSeats: 20,
  });
  expect(bought.status).toBe(200);

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
  const [event] = events;
  if (event === undefined) throw new Error('no event delivered');
  const mail = portal.sandbox.mailbox.list(MAILS_SHOWN).find((kept) => kept.to === BUYER);
  if (mail === undefined) throw new Error('no receipt kept');
  return { event, receipt: mail.text, preview: preview.body.price };
}

it('carries the price the preview answered for the seats bought, and the receipt prints it', async () => {
  portal = await startPortal();
  const { event, receipt, preview } = await buyTwoSeats();
  expect(event.price).toEqual({ ...samplePricePreview(), seats: SEATS_TO_ADD });
  expect(event.price).toEqual(preview);
  expect(receipt).toContain(
    'Price: €28.80 per month (2 × €14.40), €119.30 until the renewal on 2027-03-31, before tax',
  );
});

it('carries no price and prints no price line when none is configured for the SKU', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prices-'));
  const priceFile = path.join(dataDir, 'prices.json');
  writeFileSync(priceFile, JSON.stringify({ currency: 'EUR', prices: {} }));
  portal = await startPortal({ dataDir, env: { PRICE_FILE: priceFile } });
  const { event, receipt, preview } = await buyTwoSeats();
  expect(preview).toBeNull();
  expect(event.price).toBeNull();
  expect(receipt).toContain('Licenses after: 22');
  expect(receipt).not.toContain('Price');
});
