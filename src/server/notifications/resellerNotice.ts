import type { NotificationEvent } from '../../contract/notifications';
import { API_PATHS } from '../../contract/api';
import { dateIn } from './mailDate';
import { bodiesOf, type MailLink } from './mailLayout';
import { bought, CHANGE_NAMES, facts, listed, type MailMessage } from './receipts';

// The reseller's notice of a completed change (docs/notifications.md, E-mail), written for the
// reseller: who changed what for which customer, what to invoice, the ids their systems know the
// customer and the subscription by, and the event in the reseller API. Dated in UTC.

export interface NoticeSettings {
  from: string;
  /** NOTIFY_RESELLER_EMAIL. */
  to: string;
  /** PORTAL_PUBLIC_URL; null: the mail carries no link. */
  portalUrl: string | null;
}

const DELEGATE_ACCESS: Record<string, string> = {
  'licence-delegate': 'license management access',
  'support-delegate': 'support access',
};

/** The one address a delegate change added or removed, from the lists before and after. */
function memberOf(event: NotificationEvent): string {
  const before = Array.isArray(event.before) ? event.before : [];
  const after = Array.isArray(event.after) ? event.after : [];
  const changed = event.type.endsWith('.added')
    ? after.filter((member) => !before.includes(member))
    : before.filter((member) => !after.includes(member));
  return changed.join(', ') || 'a delegate';
}

/** The change in one sentence, naming the customer by domain and id. */
function whatHappened(event: NotificationEvent): string {
  const customer = `${event.customerDomain ?? event.customerId} (customer ${event.customerId})`;
  if (event.type === 'licences.added') {
    const sku = event.skuName ?? event.subscriptionId ?? 'the subscription';
    return `${event.actor} bought ${bought(event)} of ${sku} for ${customer}: ${listed(event.before)} → ${listed(event.after)} licenses. Invoice the customer for them: the portal sent the buyer an order confirmation, which is not a tax invoice.`;
  }
  // A total changed at Google, found by the reconciliation (docs/api.md, Reconciliation).
  if (event.type === 'seats.changed-outside') {
    const sku = event.skuName ?? event.subscriptionId ?? 'the subscription';
    return `The total of ${sku} for ${customer} was changed outside the portal, at Google: ${listed(event.before)} → ${listed(event.after)} licenses. Nobody bought them through the portal: check the change with the customer before invoicing it.`;
  }
  const [kind] = event.type.split('.');
  const access = DELEGATE_ACCESS[kind ?? ''] ?? 'access';
  const member = memberOf(event);
  return event.type.endsWith('.added')
    ? `${event.actor} gave ${access} to ${member} for ${customer}.`
    : `${event.actor} removed ${access} from ${member} for ${customer}.`;
}

/** The ids the reseller's own systems know the change by. */
function resellerFacts(event: NotificationEvent): [string, string][] {
  return [
    ['Customer ID', event.customerId],
    ...(event.subscriptionId === null
      ? []
      : [['Subscription ID', event.subscriptionId] as [string, string]]),
    ...(event.skuId === null ? [] : [['SKU ID', event.skuId] as [string, string]]),
    ['Event sequence', String(event.sequence)],
  ];
}

/** This one event as the reseller API answers it (docs/api.md, GET /api/reseller/events). */
function eventLinks(event: NotificationEvent, portalUrl: string | null): MailLink[] {
  if (portalUrl === null) return [];
  const url = new URL(API_PATHS.resellerEvents, portalUrl);
  url.search = new URLSearchParams({ after: String(event.sequence - 1), limit: '1' }).toString();
  return [{ label: 'The event in the reseller API (a RESELLER_API_KEYS key)', url: url.href }];
}

/** The reseller's notice of any completed change. */
export function resellerNoticeOf(event: NotificationEvent, settings: NoticeSettings): MailMessage {
  const domain = event.customerDomain ?? event.customerId;
  const subject = `${CHANGE_NAMES[event.type]}: ${domain}`;
  return {
    from: settings.from,
    to: settings.to,
    subject,
    ...bodiesOf({
      heading: subject,
      paragraphs: [whatHappened(event)],
      facts: [...facts(event, dateIn(event.occurredAt, null)), ...resellerFacts(event)],
      links: eventLinks(event, settings.portalUrl),
      footer: null,
    }),
  };
}
