import { ApiError } from '../../apiError';
import { currentDeadline } from '../../plugins/deadline';
import { SERVER_TEXT } from '../../messages';
import type { WorkspaceSubscription } from '../provider';
import type { SeatPolicy } from '../seatPolicy';
import { limitSignal, type CallLimits } from './googleCalls';
import { isLostAnswer, readFailure, upstreamError } from './googleFailure';
import type { ResellerAuth } from './googleRest';
import type { ResellerCalls } from './resellerCalls';
import { toWorkspaceSubscription } from './subscriptionChoice';

// Buying seats with the Reseller API's changeSeats (docs/configuration-google.md, "Purchases and
// Google's latency"): the write and its read-backs share their own limit, GOOGLE_WRITE_TIMEOUT_MS.
// changeSeats is never sent twice; while it is outstanding the subscription is read back every second,
// and after a lost, failed or late answer with backoff until that limit; a purchase still not seen is
// answered 504 UNKNOWN.

export interface SeatWriteOptions {
  reseller: ResellerCalls;
  policy: SeatPolicy;
  /** Limit of one read (GOOGLE_CALL_TIMEOUT_MS). */
  callTimeoutMs: number;
  /** Limit of a write and its read-backs together (GOOGLE_WRITE_TIMEOUT_MS). */
  writeTimeoutMs: number;
  /** How the service is named in messages ("Google's Reseller API"). */
  service: string;
  /** One Reseller API call as the reseller admin, with the limits `limits()` gives. */
  asReseller<T>(call: (auth: ResellerAuth) => Promise<T>, limits: () => CallLimits): Promise<T>;
  /** The customer's Workspace subscription, past any cache: found again when its id changed. */
  findFresh(customerId: string): Promise<WorkspaceSubscription | null>;
  /** Drops what the provider keeps of the customer's subscriptions. */
  forget(customerId: string): void;
}

/** The call itself may use this share of the write's limit; a late answer leaves the rest for read-backs. */
const CALL_SHARE_OF_WRITE = 0.5;
/** The first read-back waits this long, each next one twice as long, up to the maximum. */
const FIRST_READ_BACK_MS = 250;
const MAX_READ_BACK_WAIT_MS = 4000;
/** The 504 leaves this long before the request's deadline, so it is the answer the buyer gets. */
const ANSWER_MARGIN_MS = 500;
/** A read-back is not started with less time than this left. */
const MIN_READ_BACK_MS = 100;
/** While changeSeats is outstanding, the subscription is read back this often. */
const READ_BACK_DURING_CALL_MS = 1000;
const HTTP_NOT_FOUND = 404;
const HTTP_BAD_REQUEST = 400;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** When the write must be decided: its own limit, or earlier if the request's deadline is nearer. */
function writeEndsAt(writeTimeoutMs: number): number {
  const own = Date.now() + writeTimeoutMs;
  const deadline = currentDeadline();
  return deadline === undefined ? own : Math.min(own, deadline.at - ANSWER_MARGIN_MS);
}

/** A call's limits inside the write's window: at most `ms`, never past `endsAt`, or until `abandon`. */
function limitsWithin(endsAt: number, ms: number, abandon?: AbortSignal): () => CallLimits {
  return () => {
    const left = endsAt - Date.now();
    if (left <= 0) throw new ApiError(504, SERVER_TEXT.deadlineExceeded);
    return { signal: limitSignal(Math.min(ms, left), abandon) };
  };
}

export function purchaseUnconfirmed(): ApiError {
  return new ApiError(504, SERVER_TEXT.purchaseUnconfirmed, { status: 'UNKNOWN' });
}

export function createSeatWrites(options: SeatWriteOptions) {
  const { reseller, policy, service } = options;

  async function getSubscription(
    customerId: string,
    subscriptionId: string,
    limits: () => CallLimits,
  ): Promise<WorkspaceSubscription> {
    const { data } = await options.asReseller(
      (auth) => reseller.subscriptions.get({ customerId, subscriptionId }, auth),
      limits,
    );
    return toWorkspaceSubscription(data, policy);
  }

  /** The subscription now, or undefined when it cannot be read; by id, else (a new id) by the list. */
  async function readBack(customerId: string, subscriptionId: string, endsAt: number) {
    try {
      return await getSubscription(
        customerId,
        subscriptionId,
        limitsWithin(endsAt, options.callTimeoutMs),
      );
    } catch (error) {
      if (readFailure(error).status !== HTTP_NOT_FOUND) return undefined;
    }
    try {
      return (await options.findFresh(customerId)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** Reads back with backoff until the write's limit; the subscription once it shows the new total. */
  async function confirm(
    customerId: string,
    subscriptionId: string,
    newTotal: number,
    endsAt: number,
  ): Promise<WorkspaceSubscription> {
    for (let wait = FIRST_READ_BACK_MS; ; wait = Math.min(wait * 2, MAX_READ_BACK_WAIT_MS)) {
      const now = await readBack(customerId, subscriptionId, endsAt);
      if (now?.numberOfSeats === newTotal) return now;
      if (Date.now() + wait + MIN_READ_BACK_MS >= endsAt) break;
      await sleep(wait);
    }
    throw purchaseUnconfirmed();
  }

  /**
   * Reads back every second while the call is outstanding (docs/configuration-google.md, "Purchases
   * and Google's latency"): a call that hangs while Google applies the change is confirmed in the
   * window, not only after it gives up. The subscription once it shows the new total, else undefined.
   */
  async function watchWhileCalling(
    customerId: string,
    subscriptionId: string,
    newTotal: number,
    endsAt: number,
    call: { outstanding: boolean },
  ): Promise<WorkspaceSubscription | undefined> {
    for (;;) {
      if (Date.now() + READ_BACK_DURING_CALL_MS + MIN_READ_BACK_MS >= endsAt) return undefined;
      await sleep(READ_BACK_DURING_CALL_MS);
      if (!call.outstanding) return undefined;
      const now = await readBack(customerId, subscriptionId, endsAt);
      if (!call.outstanding) return undefined;
      if (now?.numberOfSeats === newTotal) return now;
    }
  }

  return {
    /** One changeSeats, never sent twice; a lost answer is confirmed by read-backs or answered 504. */
    async changeSeats(
      customerId: string,
      subscriptionId: string,
      newTotal: number,
    ): Promise<WorkspaceSubscription> {
      const endsAt = writeEndsAt(options.writeTimeoutMs);
      const callMs = Math.max(options.callTimeoutMs, options.writeTimeoutMs * CALL_SHARE_OF_WRITE);
      const abandon = new AbortController();
      const call = { outstanding: true };
      try {
        // A write: never sent again (a repeat could buy twice).
        const answered = options
          .asReseller(
            (auth) =>
              reseller.subscriptions.changeSeats(
                { customerId, subscriptionId, requestBody: { numberOfSeats: newTotal } },
                auth,
              ),
            limitsWithin(endsAt, callMs, abandon.signal),
          )
          .finally(() => {
            call.outstanding = false;
          });
        const seen = watchWhileCalling(customerId, subscriptionId, newTotal, endsAt, call);
        const first = await Promise.race([
          answered.then(({ data }) => toWorkspaceSubscription(data, policy)),
          seen.then(
            (shown) => shown ?? answered.then(({ data }) => toWorkspaceSubscription(data, policy)),
          ),
        ]);
        if (call.outstanding) {
          // Google shows the change: the hanging call is abandoned, never repeated.
          answered.catch(() => undefined);
          abandon.abort(new DOMException('Google shows the change.', 'AbortError'));
        }
        return first;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        if (failure.status === HTTP_BAD_REQUEST) {
          throw new ApiError(400, failure.message);
        }
        // Google renewed the subscription's id since the change service read it: nothing was bought.
        if (failure.status === HTTP_NOT_FOUND) {
          throw new ApiError(
            404,
            `Subscription ${subscriptionId} of customer ${customerId} was not found.`,
          );
        }
        // Google refused (quota, permission) or the reseller's own sign-in failed: nothing was sent.
        if (!isLostAnswer(failure) || failure.serviceAccount) throw upstreamError(failure, service);
        return await confirm(customerId, subscriptionId, newTotal, endsAt);
      } finally {
        // The provider's cached answers predate the write (docs/deploy.md).
        options.forget(customerId);
      }
    },
  };
}
