import { createTransport } from 'nodemailer';
import type { SandboxMailbox } from '../providers/sandbox/mailbox';
import type { DeliveryChannel } from './channel';
import type { NotificationConfig } from './notificationConfig';
import { receiptOf, resellerNoticeOf, type MailMessage } from './receipts';

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

/** The buyer's receipt and, with NOTIFY_RESELLER_EMAIL, the reseller's notice. */
export function mailChannels(config: NotificationConfig, sender: MailSender): DeliveryChannel[] {
  const channels: DeliveryChannel[] = [
    {
      name: 'receipt',
      accepts: (event) => receiptOf(event, config.mailFrom) !== null,
      async deliver(event) {
        const receipt = receiptOf(event, config.mailFrom);
        if (receipt !== null) await sender.send(receipt);
      },
    },
  ];
  const reseller = config.resellerEmail;
  if (reseller !== null) {
    channels.push({
      name: 'reseller-notice',
      accepts: () => true,
      deliver: (event) => sender.send(resellerNoticeOf(event, config.mailFrom, reseller)),
    });
  }
  return channels;
}
