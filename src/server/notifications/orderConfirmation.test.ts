import type { NotificationEvent } from '../../contract/notifications';
import { sampleCharge, samplePurchaseEvent } from '../../testing/sampleAnswers';
import { dateIn } from './mailDate';
import { addressLines, readNotificationConfig } from './notificationConfig';
import { administratorCopyOf, orderConfirmationOf } from './orderConfirmation';
import { resellerNoticeOf } from './resellerNotice';

// What the mails say (docs/notifications.md, E-mail): the order confirmation a customer can file,
// with the reseller's legal details where configured, the copy to the administrators, and the
// reseller's own notice; in text and in HTML with every value escaped.

const purchase = samplePurchaseEvent({ sequence: 42, actor: 'licences@acme.example' });

const LEGAL = {
  MAIL_FROM: 'portal@reseller.example',
  RESELLER_NAME: 'Example Reseller',
  RESELLER_LEGAL_NAME: 'Example Reseller Ltd',
  RESELLER_ADDRESS: '1 Main Street\\nLondon EC1A 1AA\\nUnited Kingdom',
  RESELLER_VAT_ID: 'GB123456789',
  PORTAL_PUBLIC_URL: 'https://portal.reseller.example',
};

function settingsOf(env: NodeJS.ProcessEnv) {
  const config = readNotificationConfig(env, 'google');
  return { from: config.mailFrom, seller: config.seller, portalUrl: config.portalUrl };
}

describe('the order confirmation', () => {
  it("says it is an order confirmation, not a tax invoice, with the reseller's legal details", () => {
    const mail = orderConfirmationOf(purchase, settingsOf(LEGAL), 'Europe/Paris');
    expect(mail?.to).toBe('licences@acme.example');
    expect(mail?.subject).toBe(
      'Order confirmation: 2 licenses added for acme.example, 22 in total',
    );
    const text = mail?.text ?? '';
    expect(text).toMatch(/^Order confirmation\n/);
    expect(text).toContain(
      'Your order: 2 licenses added to Google Workspace Business Standard for acme.example, 22 in total.',
    );
    expect(text).toContain(
      'This is an order confirmation, not a tax invoice: Example Reseller Ltd sends the invoice for this order.',
    );
    expect(text).toContain('When: 2030-01-15 10:00:00 Europe/Paris');
    expect(text).toContain(`Reference: ${purchase.id}`);
    expect(text).toContain(
      "See the order in the portal's change history: https://portal.reseller.example/?open=history",
    );
    expect(text).toContain(
      'Sold by:\nExample Reseller Ltd\n1 Main Street\nLondon EC1A 1AA\nUnited Kingdom\nVAT number: GB123456789\n',
    );
    const html = mail?.html ?? '';
    expect(html).toContain('<title>Order confirmation</title>');
    expect(html).toContain('<div>London EC1A 1AA</div>');
    expect(html).toContain('<div>VAT number: GB123456789</div>');
    expect(html).toContain(
      '<a href="https://portal.reseller.example/?open=history">https://portal.reseller.example/?open=history</a>',
    );
    expect(html).toContain(
      '<th scope="row" align="left">When</th><td>2030-01-15 10:00:00 Europe/Paris</td>',
    );
  });

  it('leaves the legal block and the link out when they are not configured, and dates in UTC', () => {
    const mail = orderConfirmationOf(
      purchase,
      settingsOf({ MAIL_FROM: 'portal@reseller.example', RESELLER_NAME: 'Example Reseller' }),
      null,
    );
    const both = `${mail?.text ?? ''}${mail?.html ?? ''}`;
    expect(mail?.text).toContain('not a tax invoice: Example Reseller sends the invoice');
    expect(mail?.text).toContain('When: 2030-01-15 09:00:00 UTC');
    expect(both).not.toContain('Sold by');
    expect(both).not.toContain('VAT');
    expect(both).not.toContain('change history');
    expect(both).not.toContain('<a ');
  });

  it('prints part of the legal details when only part is configured', () => {
    const mail = orderConfirmationOf(
      purchase,
      settingsOf({ MAIL_FROM: 'portal@reseller.example', RESELLER_VAT_ID: 'FR40303265045' }),
      null,
    );
    expect(mail?.text).toContain('Sold by:\nVAT number: FR40303265045\n');
  });

  it('escapes every value in the HTML, the legal details and the link included', () => {
    const hostile = '<script>alert(1)</script> & "Co"';
    const mail = orderConfirmationOf(
      { ...purchase, skuName: '<b>Business</b>', customerDomain: 'acme<i>.example' },
      settingsOf({
        MAIL_FROM: 'portal@reseller.example',
        RESELLER_LEGAL_NAME: hostile,
        RESELLER_ADDRESS: '1 <b>Main</b> St\\n<img src=x onerror=alert(1)>',
        RESELLER_VAT_ID: '"><svg onload=alert(1)>',
        PORTAL_PUBLIC_URL: 'https://portal.reseller.example/"><script>x()</script>',
      }),
      null,
    );
    const html = mail?.html ?? '';
    for (const raw of ['<script>', '<b>', '<i>', '<img', '<svg', '"><svg']) {
      expect(html).not.toContain(raw);
    }
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(html).toContain('<div>1 &lt;b&gt;Main&lt;/b&gt; St</div>');
    expect(html).toContain('VAT number: &quot;&gt;&lt;svg onload=alert(1)&gt;');
    expect(mail?.text).toContain(hostile);
  });

  it("carries the charge as quoted, in the confirmation, the administrators' copy and the reseller's notice", () => {
    const charged = { ...purchase, charge: sampleCharge() };
    const price =
      'Price: €28.80 per month (2 × €14.40), €119.30 until the renewal on 2027-03-31, before tax';
    expect(orderConfirmationOf(charged, settingsOf(LEGAL), null)?.text).toContain(price);
    expect(
      administratorCopyOf(charged, 'admin@acme.example', settingsOf(LEGAL), null)?.text,
    ).toContain(price);
    expect(
      resellerNoticeOf(charged, {
        from: 'portal@reseller.example',
        to: 'sales@reseller.example',
        portalUrl: null,
      }).text,
    ).toContain(price);
  });

  it('has none for a delegate change', () => {
    const change: NotificationEvent = {
      ...purchase,
      type: 'support-delegate.added',
      before: [],
      after: ['helpdesk@acme.example'],
    };
    expect(orderConfirmationOf(change, settingsOf(LEGAL), null)).toBeNull();
    expect(administratorCopyOf(change, 'admin@acme.example', settingsOf(LEGAL), null)).toBeNull();
  });
});

describe("the administrators' copy", () => {
  it('names who bought, to one administrator, with the same facts and legal details', () => {
    const settings = settingsOf(LEGAL);
    const copy = administratorCopyOf(purchase, 'admin@acme.example', settings, 'Asia/Tokyo');
    const original = orderConfirmationOf(purchase, settings, 'Asia/Tokyo');
    expect(copy?.to).toBe('admin@acme.example');
    expect(copy?.subject).toBe(
      'Order confirmation for your administrators: 2 licenses added for acme.example by licences@acme.example',
    );
    expect(copy?.text).toContain(
      'You receive this copy as an administrator of acme.example; licences@acme.example received the order confirmation.',
    );
    const factsOf = (text: string) => text.slice(text.indexOf('Customer:'));
    expect(factsOf(copy?.text ?? '')).toBe(factsOf(original?.text ?? ''));
  });
});

describe("the reseller's notice", () => {
  const notice = { from: 'portal@reseller.example', to: 'sales@reseller.example' };

  it('is written for the reseller: who bought what for which customer, what to invoice, the ids', () => {
    const mail = resellerNoticeOf(purchase, {
      ...notice,
      portalUrl: 'https://portal.reseller.example/',
    });
    expect(mail.to).toBe('sales@reseller.example');
    expect(mail.subject).toBe('Licenses added: acme.example');
    const text = mail.text;
    expect(text).toContain(
      'licences@acme.example bought 2 licenses of Google Workspace Business Standard for acme.example (customer C0acme001): 20 → 22 licenses. Invoice the customer for them',
    );
    for (const line of [
      'Customer ID: C0acme001',
      'Subscription ID: sub-acme-001',
      'SKU ID: 1010020028',
      'Event sequence: 42',
      `Reference: ${purchase.id}`,
      'When: 2030-01-15 09:00:00 UTC',
      'https://portal.reseller.example/api/reseller/events?after=41&limit=1',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Your order');
    expect(text).not.toContain('Sold by');
  });

  it('says who gave or removed which access, to whom, for a delegate change', () => {
    const change = (type: NotificationEvent['type'], before: string[], after: string[]) =>
      resellerNoticeOf(
        { ...purchase, type, subscriptionId: null, skuId: null, skuName: null, before, after },
        { ...notice, portalUrl: null },
      ).text;
    expect(change('support-delegate.added', [], ['helpdesk@acme.example'])).toContain(
      'licences@acme.example gave support access to helpdesk@acme.example for acme.example (customer C0acme001).',
    );
    const removed = change('licence-delegate.removed', ['x@acme.example'], []);
    expect(removed).toContain(
      'licences@acme.example removed license management access from x@acme.example for acme.example (customer C0acme001).',
    );
    expect(removed).not.toContain('Subscription ID');
    expect(removed).not.toContain('reseller/events');
  });
});

describe("the mails' configuration", () => {
  it("reads RESELLER_ADDRESS's lines from \\n or line breaks", () => {
    expect(addressLines('1 Main Street\\nLondon')).toEqual(['1 Main Street', 'London']);
    expect(addressLines('1 Main Street\r\nLondon\n\nUK ')).toEqual([
      '1 Main Street',
      'London',
      'UK',
    ]);
    expect(addressLines(undefined)).toEqual([]);
  });

  it('warns at start in google mode with mail when legal details or the public URL are missing', () => {
    const warnings = (env: NodeJS.ProcessEnv, provider: 'google' | 'sandbox' = 'google') =>
      readNotificationConfig(env, provider).warnings;
    const smtp = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'portal@reseller.example' };
    expect(warnings({ ...smtp, RESELLER_VAT_ID: 'GB1' })).toEqual([
      "RESELLER_LEGAL_NAME, RESELLER_ADDRESS not set: the order confirmations leave the reseller's legal details out (docs/notifications.md).",
      'PORTAL_PUBLIC_URL is not set: the mails carry no link to the change history (docs/notifications.md).',
    ]);
    expect(warnings({ ...smtp, ...LEGAL })).toEqual([]);
    expect(warnings({})).toEqual([]);
    expect(warnings(smtp, 'sandbox')).toEqual([]);
  });

  it('refuses a PORTAL_PUBLIC_URL that is not an http(s) URL, naming it', () => {
    expect(() => readNotificationConfig({ PORTAL_PUBLIC_URL: 'portal.example' }, 'google')).toThrow(
      'PORTAL_PUBLIC_URL must be a URL starting with https:// or http://.',
    );
  });
});

describe("the mails' dates", () => {
  it('are written in the zone named, else in UTC, the zone named either way', () => {
    expect(dateIn('2030-07-01T22:30:05.000Z', 'America/New_York')).toBe(
      '2030-07-01 18:30:05 America/New_York',
    );
    expect(dateIn('2030-07-01T22:30:05.000Z', 'Asia/Kolkata')).toBe(
      '2030-07-02 04:00:05 Asia/Kolkata',
    );
    expect(dateIn('2030-07-01T00:00:00.000Z', null)).toBe('2030-07-01 00:00:00 UTC');
  });
});
