import type { FastifyBaseLogger } from 'fastify';
import type { PortalMetrics } from '../plugins/metrics';
import type { PortalProvider } from '../providers/provider';
import type { Sandbox } from '../providers/sandbox';
import type { PortalStore } from '../store/portalStore';
import type { DeliveryChannel } from './channel';
import { createDeliveryWorker } from './deliveryWorker';
import { mailboxSender, mailChannels, smtpSender, type MailSender } from './mailChannel';
import type { NotificationConfig } from './notificationConfig';
import { webhookChannel } from './webhookChannel';

// The portal process's notifications (docs/notifications.md): the channels the configuration asks
// for and the worker that delivers the outbox through them, started by main.ts after listening.

export interface Notifier {
  stop(): Promise<void>;
}

export interface NotifierOptions {
  config: NotificationConfig;
  store: PortalStore;
  /** Who a customer's administrators are: they get a copy of a delegate's order confirmation. */
  provider: Pick<PortalProvider, 'listAdministrators'>;
  /** Present in the sandbox: without SMTP_URL its mailbox receives the mail. */
  sandbox?: Sandbox;
  log: FastifyBaseLogger;
  metrics?: PortalMetrics;
}

export async function startNotifier(options: NotifierOptions): Promise<Notifier> {
  const { config, store, provider, sandbox, log } = options;
  for (const warning of config.warnings) log.warn(warning);
  let sender: MailSender | null = null;
  if (config.smtpUrl !== null) sender = smtpSender(config.smtpUrl);
  else if (sandbox !== undefined) sender = mailboxSender(sandbox.mailbox, Date.now);
  else log.info('Order confirmations are off: SMTP_URL is not set (docs/notifications.md).');
  const channels: DeliveryChannel[] = [
    ...(sender === null
      ? []
      : mailChannels(config, sender, {
          administratorsOf: (customerId) => provider.listAdministrators(customerId),
          timeZoneOf: (person) => store.timeZoneOf(person),
        })),
    ...(config.webhook === null ? [] : [webhookChannel(config.webhook)]),
  ];
  // One process holds a SQLite store (the data folder lock): a row taken before a crash is free again.
  if (store.dialect === 'sqlite') await store.releaseNotifications();
  const worker = createDeliveryWorker({
    outbox: store,
    channels,
    tuning: config.worker,
    log,
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
  });
  worker.start();
  return {
    async stop() {
      await worker.stop();
      sender?.close();
    },
  };
}
