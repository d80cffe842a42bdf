import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../apiError';
import { settingsOf, type ConfigSource } from '../configuration/environment';
import { sendError } from './errorHandler';
import { SERVER_TEXT } from '../messages';

// Each API request's overall deadline (README, PORTAL_REQUEST_DEADLINE_MS): providers read it here to
// shorten their own calls and abort them when it passes, so a hung upstream answers in time.

export interface RequestDeadline {
  /** Epoch ms when the request must be answered. */
  at: number;
  /** Aborted when the deadline passes. */
  signal: AbortSignal;
}

export { DEFAULT_REQUEST_DEADLINE_MS } from '../configuration/schema';
export const REQUEST_DEADLINE_ENV = 'PORTAL_REQUEST_DEADLINE_MS' as const;
/** After the deadline the providers' own 504 has this long to arrive before the hook answers. */
const BACKSTOP_GRACE_MS = 250;

/**
 * Listeners one request's deadline signal may hold: each Google call of the request listens until
 * its own limit passes, and a sign-in with retries makes more than Node's default of ten.
 */
const DEADLINE_LISTENERS = 100;

const storage = new AsyncLocalStorage<RequestDeadline>();

/** The controller behind one request's deadline signal. */
function deadlineController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(DEADLINE_LISTENERS, controller.signal);
  return controller;
}

/** The deadline of the API request this code runs for; undefined outside one. */
export function currentDeadline(): RequestDeadline | undefined {
  return storage.getStore();
}

/** Runs `work` under a deadline `ms` from now (tests and scripts outside a request). */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const controller = deadlineController();
  const timer = setTimeout(() => controller.abort(), ms);
  return storage
    .run({ at: Date.now() + ms, signal: controller.signal }, work)
    .finally(() => clearTimeout(timer));
}

/** PORTAL_REQUEST_DEADLINE_MS; its default and least value are the schema's. */
export function readRequestDeadline(source: ConfigSource): number {
  return settingsOf(source, [REQUEST_DEADLINE_ENV])[REQUEST_DEADLINE_ENV];
}

/** One request in a DeadlineQueue: a node of its list, in order of arrival (and so of deadline). */
interface Waiting {
  /** performance.now() when the deadline passes; the queue's own clock, as setTimeout's. */
  due: number;
  /** Created only when a provider asks for the signal (most requests never do). */
  controller: AbortController | null;
  /** The deadline has passed and the signal, if any, was aborted. */
  expired: boolean;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The queue it waits in (one per deadline length). */
  queue: DeadlineQueue;
  previous: Waiting | null;
  next: Waiting | null;
}

/** What currentDeadline() answers inside a request: the signal is made when first read. */
class QueuedDeadline implements RequestDeadline {
  constructor(
    readonly at: number,
    private readonly waiting: Waiting,
  ) {}

  get signal(): AbortSignal {
    const { waiting } = this;
    if (waiting.controller === null) {
      waiting.controller = deadlineController();
      if (waiting.expired) waiting.controller.abort();
    }
    return waiting.controller.signal;
  }
}

/**
 * The deadlines of one scope's requests, all `ms` long, so they pass in order of arrival: the requests
 * wait in a list and one timer, armed for the nearest event, aborts each signal at its deadline and
 * answers 504 after the grace, instead of two timers and an AbortController per request. A request
 * leaves the list when it is answered (or at its backstop).
 */
class DeadlineQueue {
  private first: Waiting | null = null;
  private last: Waiting | null = null;
  /** The first request whose deadline has not passed yet. */
  private nextToExpire: Waiting | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires (performance.now()). */
  private timerDue = Infinity;

  constructor(
    private readonly ms: number,
    private readonly backstop: (request: FastifyRequest, reply: FastifyReply) => void,
  ) {}

  add(request: FastifyRequest, reply: FastifyReply): Waiting {
    const waiting: Waiting = {
      due: performance.now() + this.ms,
      controller: null,
      expired: false,
      request,
      reply,
      queue: this,
      previous: this.last,
      next: null,
    };
    if (this.last === null) this.first = waiting;
    else this.last.next = waiting;
    this.last = waiting;
    if (this.nextToExpire === null) this.nextToExpire = waiting;
    // Later arrivals are due later: a timer already armed fires first anyway.
    if (this.timer === null) this.arm(waiting.due);
    return waiting;
  }

  /** The request was answered: no abort, no backstop. */
  remove(waiting: Waiting): void {
    if (waiting.previous === null && this.first !== waiting) return;
    if (this.nextToExpire === waiting) this.nextToExpire = waiting.next;
    if (waiting.previous === null) this.first = waiting.next;
    else waiting.previous.next = waiting.next;
    if (waiting.next === null) this.last = waiting.previous;
    else waiting.next.previous = waiting.previous;
    waiting.previous = null;
    waiting.next = null;
    // An idle scope keeps no timer (nor the process) alive.
    if (this.first === null && this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
      this.timerDue = Infinity;
    }
  }

  private arm(due: number): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => this.check(), Math.max(0, Math.ceil(due - performance.now())));
    // Requests whose connection dropped before their answer wait here until their deadline: that
    // must not keep a closing process (or a finished test run) alive.
    this.timer.unref();
  }

  private check(): void {
    this.timer = null;
    this.timerDue = Infinity;
    const now = performance.now();
    // Each step takes the list as it is then: an abort listener or a 504 may answer requests.
    for (
      let waiting = this.nextToExpire;
      waiting !== null && waiting.due <= now;
      waiting = this.nextToExpire
    ) {
      this.nextToExpire = waiting.next;
      waiting.expired = true;
      waiting.controller?.abort();
    }
    for (
      let waiting = this.first;
      waiting !== null && waiting.due + BACKSTOP_GRACE_MS <= now;
      waiting = this.first
    ) {
      this.remove(waiting);
      this.backstop(waiting.request, waiting.reply);
    }
    const nextDue = Math.min(
      this.nextToExpire?.due ?? Infinity,
      (this.first?.due ?? Infinity) + BACKSTOP_GRACE_MS,
    );
    if (nextDue !== Infinity && nextDue < this.timerDue) this.arm(nextDue);
  }
}

/**
 * Each request's place in the queue, kept on the request itself: a WeakMap keyed by the request,
 * whose value points back at it, kept every request and reply alive through V8's young-generation
 * collections until the next full one, which made collecting garbage the API's largest cost
 * (docs/performance.md).
 */
const WAITING = Symbol('deadline queue entry');

type QueuedRequest = FastifyRequest & { [WAITING]: Waiting | null };

export interface RequestDeadlineOptions {
  /** Each request's deadline (PORTAL_REQUEST_DEADLINE_MS). */
  ms: number;
  /** Routes (by URL pattern) whose deadline is longer, e.g. a purchase's write limit (README). */
  longer?: Readonly<Record<string, number>>;
}

/**
 * Gives every request of the scope it is registered in a deadline `ms` from its arrival. Providers see
 * it through currentDeadline(); if none of them answers, the hook itself answers 504 DEADLINE_EXCEEDED.
 */
export const requestDeadline = fp<RequestDeadlineOptions>(
  async (scope, { ms, longer = {} }) => {
    const backstop = (request: FastifyRequest, reply: FastifyReply) => {
      if (!reply.sent) {
        sendError(new ApiError(504, SERVER_TEXT.deadlineExceeded), request, reply);
      }
    };
    // One queue per length, so each still holds deadlines in the order they pass.
    const queues = new Map<number, DeadlineQueue>();
    const queueFor = (length: number) => {
      let queue = queues.get(length);
      if (queue === undefined) {
        queue = new DeadlineQueue(length, backstop);
        queues.set(length, queue);
      }
      return queue;
    };
    // Declared with the request, so every request has the same shape (Fastify's decorateRequest).
    scope.decorateRequest(WAITING, null);
    scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
      const length = longer[request.routeOptions.url ?? ''] ?? ms;
      const waiting = queueFor(length).add(request, reply);
      (request as QueuedRequest)[WAITING] = waiting;
      // Everything Fastify runs next for this request (hooks, handler) inherits the deadline.
      storage.run(new QueuedDeadline(Date.now() + length, waiting), done);
    });
    scope.addHook('onResponse', (request, _reply, done) => {
      const queued = request as QueuedRequest;
      const waiting = queued[WAITING];
      if (waiting !== null) {
        queued[WAITING] = null;
        waiting.queue.remove(waiting);
      }
      done();
    });
  },
  { name: 'request-deadline' },
);
