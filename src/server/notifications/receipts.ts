import { escapeHtml } from '../../contract/html';
import { licenceCount } from '../../contract/licenceWords';
import type { NotificationEvent } from '../../contract/notifications';
import type { PricePreview } from '../../contract/prices';

// The mails of a completed change (docs/notifications.md, E-mail): a receipt to the person who bought
// licences and a notice to the reseller, each in plain text and in HTML with every value escaped.

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const CHANGE_NAMES: Record<NotificationEvent['type'], string> = {
  'licences.added': 'Licenses added',
  'licence-delegate.added': 'License delegate added',
  'licence-delegate.removed': 'License delegate removed',
  'support-delegate.added': 'Support delegate added',
  'support-delegate.removed': 'Support delegate removed',
  'seats.changed-outside': 'Licenses changed outside the portal',
};

function listed(side: number | string[]): string {
  if (typeof side === 'number') return String(side);
  return side.length === 0 ? '(none)' : side.join(', ');
}

/**
 * What a purchase added in the screens' words, e.g. '1 license added' (docs/behaviour.md 7.3). The
 * event carries the history's totals, not the count (docs/notifications.md, Events), so the mail
 * derives `seatsToAdd` here, once.
 */
function added(event: NotificationEvent): string {
  const { before, after } = event;
  if (typeof before !== 'number' || typeof after !== 'number') return 'licenses added';
  const seatsToAdd = after - before;
  return `${licenceCount(seatsToAdd)} added`;
}

/** The mails are in English (docs/notifications.md, E-mail): amounts as English writes the currency. */
const MAIL_LOCALE = 'en';

/** The price of the seats bought, before tax, e.g. "€28.80 per month (2 × €14.40) …". */
function priceLine(price: PricePreview): string {
  const money = (amount: number) =>
    new Intl.NumberFormat(MAIL_LOCALE, { style: 'currency', currency: price.currency }).format(
      amount,
    );
  const each = `${price.seats} × ${money(price.seatPrice)}`;
  if (price.plan === 'ANNUAL_MONTHLY_PAY') {
    return `${money(price.monthlyIncrease)} per month (${each}), ${money(price.untilRenewal)} until the renewal on ${price.termEnd}, before tax`;
  }
  return `${money(price.chargedNow)} charged now until ${price.termEnd}, then ${money(price.yearlyIncrease)} per year (${each}), before tax`;
}

/** The lines both mails show, as label and value, in this order. */
function facts(event: NotificationEvent): [string, string][] {
  const rows: [string, string][] = [['Customer', event.customerDomain ?? event.customerId]];
  if (event.type === 'licences.added' || event.type === 'seats.changed-outside') {
    rows.push(['Subscription', event.skuName ?? event.subscriptionId ?? '']);
    rows.push(['Licenses before', listed(event.before)]);
    rows.push(['Licenses after', listed(event.after)]);
  } else {
    rows.push(['Delegates before', listed(event.before)]);
    rows.push(['Delegates after', listed(event.after)]);
  }
  if (event.price !== null) rows.push(['Price', priceLine(event.price)]);
  rows.push(['By', event.actor]);
  rows.push(['When', `${event.occurredAt.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`]);
  rows.push(['Reference', event.id]);
  return rows;
}

function bodies(heading: string, event: NotificationEvent): { text: string; html: string } {
  const rows = facts(event);
  const text = [heading, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body>
<h1>${escapeHtml(heading)}</h1>
<table>
${rows.map(([label, value]) => `<tr><th scope="row" align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
</body></html>
`;
  return { text, html };
}

/** The buyer's receipt; only purchases have one. */
export function receiptOf(event: NotificationEvent, from: string): MailMessage | null {
  if (event.type !== 'licences.added') return null;
  const domain = event.customerDomain ?? event.customerId;
  const subject = `Receipt: ${added(event)} for ${domain}, ${listed(event.after)} in total`;
  return { from, to: event.actor, subject, ...bodies(subject, event) };
}

/** The reseller's notice of any completed change. */
export function resellerNoticeOf(event: NotificationEvent, from: string, to: string): MailMessage {
  const domain = event.customerDomain ?? event.customerId;
  const subject = `${CHANGE_NAMES[event.type]}: ${domain}`;
  return { from, to, subject, ...bodies(subject, event) };
}
