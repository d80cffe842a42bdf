import { TIME_ZONE_HEADER } from '../../contract/api';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import {
  removeDataDir,
  startPortal,
  type Browser,
  type Portal,
} from '../../testing/server/portalHarness';
import { createLogger } from '../plugins/logger';
import type { PortalProvider } from '../providers/provider';
import type { PortalStore } from '../store/portalStore';
import { createDeliveryWorker } from '../notifications/deliveryWorker';
import { mailboxSender, mailChannels, type MailSender } from '../notifications/mailChannel';
import { readNotificationConfig } from '../notifications/notificationConfig';
import type { MailMessage } from '../notifications/receipts';

// A purchase's mails end to end (docs/notifications.md, E-mail): the buyer's order confirmation dated
// in the zone their browser named, and, when a licence delegate bought, a copy to each of the
// customer's administrators as the sandbox and Google's Directory API name them.

// Each case starts a portal (google mode: and a fake Google) on a shared machine: a generous bound,
// not a speed requirement.
jest.setTimeout(30_000);

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const TUNING = { retryBaseMs: 10_000, retryForMs: 60_000, leaseMs: 60_000, pollMs: 1000 };
const MAILS_SHOWN = 20;
const LEGAL = {
  RESELLER_LEGAL_NAME: 'Example Reseller Ltd',
  RESELLER_ADDRESS: '1 Main Street\\nLondon',
  RESELLER_VAT_ID: 'GB123456789',
  PORTAL_PUBLIC_URL: 'https://portal.reseller.example',
};

/** Buys two seats on top of 20, naming the browser's time zone as the portal's page does. */
async function buyTwo(browser: Browser, timeZone: string): Promise<void> {
  const bought = await browser.post(
    '/api/add-licence',
    { ...ACME, numberOfSeats: 22, expectedNumberOfSeats: 20 },
    { headers: { [TIME_ZONE_HEADER]: timeZone } },
  );
  expect(bought.status).toBe(200);
}

/** One pass of the delivery worker over the mail channels main.ts starts. */
async function deliver(
  store: PortalStore,
  provider: PortalProvider,
  sender: MailSender,
  mode: 'sandbox' | 'google',
): Promise<void> {
  const config = readNotificationConfig(
    {
      ...LEGAL,
      MAIL_FROM: 'portal@reseller.example',
      NOTIFY_RESELLER_EMAIL: 'sales@reseller.example',
    },
    mode,
  );
  const worker = createDeliveryWorker({
    outbox: store,
    channels: mailChannels(config, sender, {
      administratorsOf: (customerId) => provider.listAdministrators(customerId),
      timeZoneOf: (person) => store.timeZoneOf(person),
    }),
    tuning: TUNING,
    log: createLogger('silent'),
  });
  expect(await worker.runOnce()).toBe(1);
}

describe('in the sandbox', () => {
  let portal: Portal;
  afterEach(async () => {
    await portal.close();
    removeDataDir(portal.dataDir);
  });

  const kept = () => portal.sandbox.mailbox.list(MAILS_SHOWN).reverse();

  it("copies a licence delegate's order to ACME's administrator, and dates the buyer's in their zone", async () => {
    portal = await startPortal();
    await buyTwo(await portal.signIn('licences@acme.example'), 'Europe/Paris');
    const sender = mailboxSender(portal.sandbox.mailbox, () => portal.clock.now);
    await deliver(portal.store, portal.sandbox.provider, sender, 'sandbox');

    const mails = kept();
    expect(mails.map(({ to, subject }) => [to, subject])).toEqual([
      [
        'licences@acme.example',
        'Order confirmation: 2 licenses added for acme.example, 22 in total',
      ],
      [
        'admin@acme.example',
        'Order confirmation for your administrators: 2 licenses added for acme.example by licences@acme.example',
      ],
      ['sales@reseller.example', 'Licenses added: acme.example'],
    ]);
    const [confirmation, copy] = mails;
    expect(confirmation?.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d Europe\/Paris/);
    expect(confirmation?.text).toContain(
      'Sold by:\nExample Reseller Ltd\n1 Main Street\nLondon\nVAT number: GB123456789',
    );
    expect(confirmation?.text).toContain('https://portal.reseller.example/?open=history');
    // The administrator's browser never named a zone.
    expect(copy?.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(copy?.text).toContain('Ordered by licences@acme.example: 2 licenses added');
  });

  it('sends no copy when the administrator buys', async () => {
    portal = await startPortal();
    await buyTwo(await portal.signIn('admin@acme.example'), 'Asia/Tokyo');
    const sender = mailboxSender(portal.sandbox.mailbox, () => portal.clock.now);
    await deliver(portal.store, portal.sandbox.provider, sender, 'sandbox');
    expect(kept().map(({ to }) => to)).toEqual(['admin@acme.example', 'sales@reseller.example']);
    expect(kept()[0]?.text).toMatch(/ Asia\/Tokyo\n/);
  });

  it('ignores a time zone no date can be written in, and still buys', async () => {
    portal = await startPortal();
    await buyTwo(await portal.signIn('admin@acme.example'), 'Mars/Olympus_Mons');
    await expect(portal.store.timeZoneOf('admin@acme.example')).resolves.toBeNull();
  });
});

describe('in google mode, against the fake Google', () => {
  let portal: GooglePortal;
  afterEach(async () => {
    await portal.close();
  });

  /** Collects what would have gone out through SMTP. */
  function collecting(): { sender: MailSender; sent: MailMessage[] } {
    const sent: MailMessage[] = [];
    return { sender: { send: async (mail) => void sent.push(mail), close: () => undefined }, sent };
  }

  it("copies a licence delegate's order to each active administrator the Directory API lists", async () => {
    portal = await startGooglePortal({ withStore: true });
    const people = portal.fake.state.users;
    // A second administrator, and one whose account is suspended: no copy for them.
    const promote = (email: string) => {
      const person = people.find((user) => user.primaryEmail === email);
      if (person === undefined) throw new Error(`no ${email} in the fake directory`);
      person.isAdmin = true;
    };
    promote('staff@acme.example');
    promote('former@acme.example');
    const { browser } = await portal.signIn('licences@acme.example');
    await buyTwo(browser, 'America/New_York');
    const store = portal.store as PortalStore;
    const { sender, sent } = collecting();
    await deliver(store, portal.provider, sender, 'google');

    expect(sent.map(({ to }) => to)).toEqual([
      'licences@acme.example',
      'admin@acme.example',
      'staff@acme.example',
      'sales@reseller.example',
    ]);
    expect(sent[0]?.text).toMatch(/ America\/New_York\n/);
    for (const copy of sent.slice(1, 3)) {
      expect(copy.subject).toContain('by licences@acme.example');
    }
  });

  it('lists no administrator of another customer, and sends no copy when an administrator buys', async () => {
    portal = await startGooglePortal({ withStore: true });
    await expect(portal.provider.listAdministrators('C0flex001')).resolves.toEqual([
      'admin@flex.example',
    ]);
    const { browser } = await portal.signIn('admin@acme.example');
    await buyTwo(browser, 'Europe/Berlin');
    const { sender, sent } = collecting();
    await deliver(portal.store as PortalStore, portal.provider, sender, 'google');
    expect(sent.map(({ to }) => to)).toEqual(['admin@acme.example', 'sales@reseller.example']);
  });
});
