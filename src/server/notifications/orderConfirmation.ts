import type { NotificationEvent } from '../../contract/notifications';
import { HISTORY_LINK } from '../../contract/pages';
import { dateIn } from './mailDate';
import { bodiesOf, type MailLink, type MailParts } from './mailLayout';
import type { Seller } from './notificationConfig';
import { added, facts, listed, type MailMessage } from './receipts';

// The order confirmation of a purchase (docs/notifications.md, E-mail): to the buyer, and a copy to
// each of the customer's administrators when a delegate bought. It is not a tax invoice: the
// reseller's invoice follows, and the mail names the reseller's legal details where configured.

export interface ConfirmationSettings {
  from: string;
  seller: Seller;
  /** PORTAL_PUBLIC_URL; null: the mail carries no link. */
  portalUrl: string | null;
}

/** The portal's change history, which lists the order (HISTORY_LINK); none without a public URL. */
function historyLinks(portalUrl: string | null): MailLink[] {
  if (portalUrl === null) return [];
  return [
    {
      label: "See the order in the portal's change history",
      url: new URL(HISTORY_LINK, portalUrl).href,
    },
  ];
}

/** The reseller's legal name, address and VAT number; null when none of them is configured. */
function sellerBlock(seller: Seller): MailParts['footer'] {
  const lines = [
    ...(seller.legalName === null ? [] : [seller.legalName]),
    ...seller.address,
    ...(seller.vatId === null ? [] : [`VAT number: ${seller.vatId}`]),
  ];
  return lines.length === 0 ? null : { title: 'Sold by', lines };
}

function notAnInvoice(seller: Seller): string {
  return `This is an order confirmation, not a tax invoice: ${seller.name} sends the invoice for this order. Quote the reference below when you ask about it.`;
}

/** What was bought, e.g. '2 licenses added to Google Workspace Business Standard for acme.example, 22 in total'. */
function order(event: NotificationEvent): string {
  const domain = event.customerDomain ?? event.customerId;
  const sku = event.skuName ?? event.subscriptionId ?? 'the subscription';
  return `${added(event)} to ${sku} for ${domain}, ${listed(event.after)} in total`;
}

function confirmation(
  event: NotificationEvent,
  settings: ConfirmationSettings,
  timeZone: string | null,
  heading: string,
  opening: string,
): { text: string; html: string } {
  return bodiesOf({
    heading,
    paragraphs: [opening, notAnInvoice(settings.seller)],
    facts: facts(event, dateIn(event.occurredAt, timeZone)),
    links: historyLinks(settings.portalUrl),
    footer: sellerBlock(settings.seller),
  });
}

/** The buyer's order confirmation, dated in their zone where known; only purchases have one. */
export function orderConfirmationOf(
  event: NotificationEvent,
  settings: ConfirmationSettings,
  timeZone: string | null,
): MailMessage | null {
  if (event.type !== 'licences.added') return null;
  const domain = event.customerDomain ?? event.customerId;
  const subject = `Order confirmation: ${added(event)} for ${domain}, ${listed(event.after)} in total`;
  const opening = `Your order: ${order(event)}.`;
  return {
    from: settings.from,
    to: event.actor,
    subject,
    ...confirmation(event, settings, timeZone, 'Order confirmation', opening),
  };
}

/**
 * The copy of a delegate's order confirmation to one of the customer's administrators, a mail of
 * its own (no address sees another's), dated in that administrator's zone where known.
 */
export function administratorCopyOf(
  event: NotificationEvent,
  administrator: string,
  settings: ConfirmationSettings,
  timeZone: string | null,
): MailMessage | null {
  if (event.type !== 'licences.added') return null;
  const domain = event.customerDomain ?? event.customerId;
  const subject = `Order confirmation for your administrators: ${added(event)} for ${domain} by ${event.actor}`;
  const opening = `Ordered by ${event.actor}: ${order(event)}. You receive this copy as an administrator of ${domain}; ${event.actor} received the order confirmation.`;
  return {
    from: settings.from,
    to: administrator,
    subject,
    ...confirmation(
      event,
      settings,
      timeZone,
      'Order confirmation: copy for your administrators',
      opening,
    ),
  };
}
