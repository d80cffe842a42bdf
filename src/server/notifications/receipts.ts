import { licenceCount } from '../../contract/licenceWords';
import { formatMoney } from '../../contract/money';
import type { NotificationEvent } from '../../contract/notifications';
import type { PurchaseCharge } from '../../contract/prices';

// What the mails of a completed change say about it (docs/notifications.md, E-mail): the order
// confirmation (orderConfirmation.ts) and the reseller's notice (resellerNotice.ts) share these lines.

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export const CHANGE_NAMES: Record<NotificationEvent['type'], string> = {
  'licences.added': 'Licenses added',
  'licence-delegate.added': 'License delegate added',
  'licence-delegate.removed': 'License delegate removed',
  'support-delegate.added': 'Support delegate added',
  'support-delegate.removed': 'Support delegate removed',
  'seats.changed-outside': 'Licenses changed outside the portal',
};

export function listed(side: number | string[]): string {
  if (typeof side === 'number') return String(side);
  return side.length === 0 ? '(none)' : side.join(', ');
}

/**
 * What a purchase bought in the screens' words, e.g. '1 license' (docs/behaviour.md 7.3). The event
 * carries the history's totals, not the count (docs/notifications.md, Events), so the mails derive
 * `seatsToAdd` here, once.
 */
export function bought(event: NotificationEvent): string {
  const { before, after } = event;
  if (typeof before !== 'number' || typeof after !== 'number') return 'licenses';
  const seatsToAdd = after - before;
  return licenceCount(seatsToAdd);
}

/** e.g. '1 license added'. */
export function added(event: NotificationEvent): string {
  return `${bought(event)} added`;
}

/** The mails are in English (docs/notifications.md, E-mail): amounts as English writes the currency. */
const MAIL_LOCALE = 'en';

/** The charge as quoted, before tax, e.g. "€28.80 per month (2 × €14.40) …"; formatted from minor units. */
function priceLine(charge: PurchaseCharge): string {
  const money = (amountMinor: number) => formatMoney(amountMinor, charge.currency, MAIL_LOCALE);
  const each = `${charge.seats} × ${money(charge.unitPriceMinor)}`;
  const increase = money(charge.unitPriceMinor * charge.seats);
  if (charge.period === 'month') {
    return `${increase} per month (${each}), ${money(charge.amountMinor)} until the renewal on ${charge.termEnd}, before tax`;
  }
  return `${money(charge.amountMinor)} charged now until ${charge.termEnd}, then ${increase} per year (${each}), before tax`;
}

/** The lines every mail of the change shows, as label and value, in this order; `when` as its reader reads it. */
export function facts(event: NotificationEvent, when: string): [string, string][] {
  const rows: [string, string][] = [['Customer', event.customerDomain ?? event.customerId]];
  if (event.type === 'licences.added' || event.type === 'seats.changed-outside') {
    rows.push(['Subscription', event.skuName ?? event.subscriptionId ?? '']);
    rows.push(['Licenses before', listed(event.before)]);
    rows.push(['Licenses after', listed(event.after)]);
  } else {
    rows.push(['Delegates before', listed(event.before)]);
    rows.push(['Delegates after', listed(event.after)]);
  }
  if (event.charge !== null) rows.push(['Price', priceLine(event.charge)]);
  rows.push(['By', event.actor]);
  rows.push(['When', when]);
  rows.push(['Reference', event.id]);
  return rows;
}
