import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './apiError';
import { ConfigError } from './configError';
import { sendError } from './errorHandler';
import { SERVER_TEXT } from './messages';

// Each API request's overall deadline (README, PORTAL_REQUEST_DEADLINE_MS): providers read it here to
// shorten their own calls and abort them when it passes, so a hung upstream answers in time.

export interface RequestDeadline {
  /** Epoch ms when the request must be answered. */
  at: number;
  /** Aborted when the deadline passes. */
  signal: AbortSignal;
}

export const DEFAULT_REQUEST_DEADLINE_MS = 20_000;
export const REQUEST_DEADLINE_ENV = 'PORTAL_REQUEST_DEADLINE_MS';
/** After the deadline the providers' own 504 has this long to arrive before the hook answers. */
const BACKSTOP_GRACE_MS = 250;
const MIN_DEADLINE_MS = 100;

const storage = new AsyncLocalStorage<RequestDeadline>();

/** The deadline of the API request this code runs for; undefined outside one. */
export function currentDeadline(): RequestDeadline | undefined {
  return storage.getStore();
}

/** Runs `work` under a deadline `ms` from now (tests and scripts outside a request). */
export function withDeadline<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return storage
    .run({ at: Date.now() + ms, signal: controller.signal }, work)
    .finally(() => clearTimeout(timer));
}

export function readRequestDeadline(env: NodeJS.ProcessEnv): number {
  const raw = env[REQUEST_DEADLINE_ENV]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_REQUEST_DEADLINE_MS;
  const ms = Number(raw);
  if (!/^\d+$/.test(raw) || ms < MIN_DEADLINE_MS) {
    throw new ConfigError(
      `${REQUEST_DEADLINE_ENV} must be a whole number of milliseconds, at least ${MIN_DEADLINE_MS}; got '${raw}'.`,
    );
  }
  return ms;
}

interface Timers {
  abort: NodeJS.Timeout;
  backstop: NodeJS.Timeout;
}

const timersOf = new WeakMap<FastifyRequest, Timers>();

/**
 * Gives every request of the scope a deadline `ms` from its arrival. Providers see it through
 * currentDeadline(); if none of them answers, the hook itself answers 504 DEADLINE_EXCEEDED.
 */
export function installRequestDeadline(scope: FastifyInstance, ms: number): void {
  scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const controller = new AbortController();
    const abort = setTimeout(() => controller.abort(), ms);
    const backstop = setTimeout(() => {
      if (!reply.sent) {
        sendError(
          new ApiError(504, 'DEADLINE_EXCEEDED', SERVER_TEXT.deadlineExceeded),
          request,
          reply,
        );
      }
    }, ms + BACKSTOP_GRACE_MS);
    timersOf.set(request, { abort, backstop });
    // Everything Fastify runs next for this request (hooks, handler) inherits the deadline.
    storage.run({ at: Date.now() + ms, signal: controller.signal }, done);
  });
  scope.addHook('onResponse', async (request) => {
    const timers = timersOf.get(request);
    if (timers === undefined) return;
    clearTimeout(timers.abort);
    clearTimeout(timers.backstop);
  });
}
