import { openPortalStore, type StoreLocation } from '../store/openStore';
import type { ResendSelection } from '../store/portalStore';

// `npm run outbox:resend -- <eventId>` or `-- --failed` (docs/notifications.md, Operators): puts
// failed notifications back in the queue with the same event id and a fresh retry window; a running
// portal's worker delivers them at its next pass.

export const RESEND_USAGE = 'Usage: npm run outbox:resend -- <eventId> | --failed';

/** What the command's arguments ask for; null when they ask for nothing it knows. */
export function resendSelectionOf(args: readonly string[]): ResendSelection | null {
  if (args.length !== 1) return null;
  const [arg = ''] = args;
  if (arg === '--failed') return 'failed';
  return arg.startsWith('-') || arg === '' ? null : { eventId: arg };
}

/** Resends what the arguments name; answers the lines to print and whether the command succeeded. */
export async function resendNotifications(
  location: StoreLocation,
  args: readonly string[],
  now: number = Date.now(),
): Promise<{ ok: boolean; lines: string[] }> {
  const selection = resendSelectionOf(args);
  if (selection === null) return { ok: false, lines: [RESEND_USAGE] };
  const store = await openPortalStore(location, now);
  try {
    const resent = await store.resendNotifications(selection, now);
    if (selection !== 'failed' && resent.length === 0) {
      return { ok: false, lines: [`No failed notification ${selection.eventId}.`] };
    }
    if (resent.length === 0) return { ok: true, lines: ['No failed notifications.'] };
    return { ok: true, lines: resent.map((id) => `${id} back in the queue`) };
  } finally {
    await store.close();
  }
}
