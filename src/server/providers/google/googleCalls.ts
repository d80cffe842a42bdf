import { ApiError } from '../../apiError';
import { currentDeadline } from '../../plugins/deadline';
import { SERVER_TEXT } from '../../messages';
import { isDailyLimit, isTransient, readFailure } from './googleFailure';

// How each Google call is run (docs/configuration-google.md, "Time limits and retries"): every call
// has a time limit, shortened to what the API request's deadline leaves; reads are tried again with
// backoff (honouring Retry-After) while time allows; writes are never repeated blindly.

/**
 * Per-call options googleapis passes to gaxios, and fetch's signal for the hand-made calls. No
 * `timeout`: gaxios would join it to the signal with AbortSignal.any, whose timer Node 20 can
 * collect as garbage, leaving a hung call to wait for the request's deadline instead.
 */
export interface CallLimits {
  /** Aborted at the call's own limit (TimeoutError) or when the request's deadline passes. */
  signal: AbortSignal;
}

/** A read is tried at most this often. */
export const MAX_READ_ATTEMPTS = 3;
const FIRST_BACKOFF_MS = 200;
/** A Retry-After longer than this is passed on to the caller instead of waited for. */
const MAX_RETRY_WAIT_MS = 5000;
/** A retry is not started with less time than this left before the deadline. */
const MIN_CALL_MS = 250;
const MS_PER_SECOND = 1000;

/**
 * How long past the request's deadline a call's own limit runs out: the deadline's abort comes
 * first, so a call that runs into the deadline is answered as the deadline (504, deadlineExceeded),
 * never as whichever of two timers set for the same moment happened to fire first.
 */
export const DEADLINE_MARGIN_MS = 100;

/**
 * A signal aborted after `ms` with a TimeoutError, or with `outer`'s reason when that comes first.
 * The timer's callback holds the controller, so the limit holds until it fires, whatever is collected.
 */
export function limitSignal(ms: number, outer?: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The Google call timed out.', 'TimeoutError')),
    ms,
  );
  // A call that ended long ago must not keep a closing process alive.
  timer.unref();
  controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  if (outer !== undefined) {
    if (outer.aborted) controller.abort(outer.reason);
    else {
      outer.addEventListener('abort', () => controller.abort(outer.reason), {
        once: true,
        signal: controller.signal,
      });
    }
  }
  return controller.signal;
}

/** The time limits of a call starting now; throws 504 when the request's deadline has passed. */
export function callLimits(callTimeoutMs: number): CallLimits {
  const deadline = currentDeadline();
  if (deadline === undefined) return { signal: limitSignal(callTimeoutMs) };
  const left = deadline.at - Date.now();
  if (left <= 0 || deadline.signal.aborted) {
    throw new ApiError(504, SERVER_TEXT.deadlineExceeded);
  }
  const timeout = Math.min(callTimeoutMs, left + DEADLINE_MARGIN_MS);
  return { signal: limitSignal(timeout, deadline.signal) };
}

/** fetch's signal for a call: its own limit and the request's deadline, whichever is first. */
export function signalOf(limits: CallLimits): AbortSignal {
  return limits.signal;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** How long to wait before attempt `attempt + 1`, or undefined when waiting is not worth it. */
function backoffMs(attempt: number, retryAfterSeconds: number | undefined): number | undefined {
  if (retryAfterSeconds !== undefined) {
    const asked = retryAfterSeconds * MS_PER_SECOND;
    return asked > MAX_RETRY_WAIT_MS ? undefined : asked;
  }
  const base = FIRST_BACKOFF_MS * 2 ** (attempt - 1);
  // Jitter spreads the retries of instances that failed together.
  return base + Math.floor(Math.random() * base);
}

/**
 * Runs a read, trying again after a transient failure (a short quota, a server error, a timeout, a
 * dropped connection) with exponential backoff or Google's Retry-After, never past the deadline.
 * The last failure is thrown as it came.
 */
export async function withReadRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError || attempt >= MAX_READ_ATTEMPTS) throw error;
      const failure = readFailure(error);
      if (!isTransient(failure) || isDailyLimit(failure)) throw error;
      const wait = backoffMs(attempt, failure.retryAfterSeconds);
      const deadline = currentDeadline();
      if (wait === undefined) throw error;
      if (deadline !== undefined && Date.now() + wait + MIN_CALL_MS > deadline.at) throw error;
      await sleep(wait, deadline?.signal);
    }
  }
}
