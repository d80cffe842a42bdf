import type { NotificationEvent } from '../../contract/notifications';

// A way a notification leaves the portal; the worker tries each channel an event still lacks.

/** The metrics' channel label and the outbox's record of what each row has had already. */
export type ChannelName = 'receipt' | 'administrator-copy' | 'reseller-notice' | 'webhook';

export interface DeliveryChannel {
  name: ChannelName;
  /** Whether this event goes out here at all (order confirmations and their copies: purchases only). */
  accepts(event: NotificationEvent): boolean;
  /** Resolves once the receiver took it; throws (the error's message kept as last_error) otherwise. */
  deliver(event: NotificationEvent): Promise<void>;
}
