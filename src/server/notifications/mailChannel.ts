import { createTransport } from 'nodemailer';
import type { NotificationEvent } from '../../contract/notifications';
import type { SandboxMailbox } from '../providers/sandbox/mailbox';
import type { DeliveryChannel } from './channel';
import type { NotificationConfig } from './notificationConfig';
import { administratorCopyOf, orderConfirmationOf } from './orderConfirmation';
import type { MailMessage } from './receipts';
import { resellerNoticeOf } from './resellerNotice';

// Mail through SMTP (nodemailer), or into the sandbox's mailbox when the sandbox has no SMTP_URL.

/** Each SMTP step's limit, well inside the worker's lease (notificationConfig.ts). */
const SMTP_TIMEOUT_MS = 10_000;

export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function smtpSender(url: string): MailSender {
  const transport = createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

export function mailboxSender(mailbox: SandboxMailbox, now: () => number): MailSender {
  return {
    async send(message) {
      mailbox.keep({ ...message, sentAt: new Date(now()).toISOString() });
    },
    close: () => undefined,
  };
}

/** Who a customer's mail goes to besides the buyer, and the zone each reads dates in. */
export interface MailRecipients {
  /** The customer's administrators (the provider's listAdministrators). */
  administratorsOf(customerId: string): Promise<string[]>;
  /** The zone the person's browser last named (the portal store's), or null. */
  timeZoneOf(person: string): Promise<string | null>;
}

const isPurchase = (event: NotificationEvent) => event.type === 'licences.added';

/**
 * The buyer's order confirmation; when a delegate bought, a copy to each of the customer's
 * administrators; with NOTIFY_RESELLER_EMAIL, the reseller's notice (docs/notifications.md, E-mail).
 */
export function mailChannels(
  config: NotificationConfig,
  sender: MailSender,
  recipients: MailRecipients,
): DeliveryChannel[] {
  const settings = { from: config.mailFrom, seller: config.seller, portalUrl: config.portalUrl };
  const channels: DeliveryChannel[] = [
    {
      name: 'receipt',
      accepts: isPurchase,
      async deliver(event) {
        const timeZone = await recipients.timeZoneOf(event.actor);
        const confirmation = orderConfirmationOf(event, settings, timeZone);
        if (confirmation !== null) await sender.send(confirmation);
      },
    },
    {
      name: 'administrator-copy',
      accepts: isPurchase,
      async deliver(event) {
        const administrators = await recipients.administratorsOf(event.customerId);
        // An administrator who bought has the confirmation itself; only a delegate's order is copied.
        if (administrators.includes(event.actor.toLowerCase())) return;
        for (const administrator of administrators) {
          const timeZone = await recipients.timeZoneOf(administrator);
          const copy = administratorCopyOf(event, administrator, settings, timeZone);
          if (copy !== null) await sender.send(copy);
        }
      },
    },
  ];
  const reseller = config.resellerEmail;
  if (reseller !== null) {
    channels.push({
      name: 'reseller-notice',
      accepts: () => true,
      deliver: (event) =>
        sender.send(
          resellerNoticeOf(event, {
            from: config.mailFrom,
            to: reseller,
            portalUrl: config.portalUrl,
          }),
        ),
    });
  }
  return channels;
}
