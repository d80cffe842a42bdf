import { createHmac } from 'node:crypto';
import type { NotificationEvent } from '../../contract/notifications';
import type { DeliveryChannel } from './channel';

// The signed webhook (docs/notifications.md, Webhook): the event as JSON, signed afresh on every
// attempt with HMAC-SHA256 over "<t>.<body>"; any 2xx is delivery, anything else is retried.

export const SIGNATURE_HEADER = 'Portal-Signature';
/** Well inside the worker's lease (notificationConfig.ts). */
const WEBHOOK_TIMEOUT_MS = 10_000;
const MS_PER_SECOND = 1000;
const HTTP_OK_MIN = 200;
const HTTP_OK_MAX = 299;

/** The header's value for this body at unix second `t`. */
export function signatureOf(secret: string, t: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function webhookChannel(
  webhook: { url: string; secret: string },
  now: () => number = Date.now,
): DeliveryChannel {
  return {
    name: 'webhook',
    accepts: () => true,
    async deliver(event: NotificationEvent) {
      const body = JSON.stringify(event);
      const t = Math.floor(now() / MS_PER_SECOND);
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureOf(webhook.secret, t, body),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status < HTTP_OK_MIN || response.status > HTTP_OK_MAX) {
        throw new Error(`webhook answered ${response.status}`);
      }
    },
  };
}
