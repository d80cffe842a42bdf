import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AuditRecord } from '../audit';
import { UNSETTLED_STATES, type PortalStore } from '../store/portalStore';

// The portal's Prometheus metrics (docs/deploy.md, Metrics): one registry per app, so several apps in
// one process (tests) never share counters; served on METRICS_PORT only, never on the public port.

/** The path Prometheus scrapes on the metrics listener. */
export const METRICS_PATH = '/metrics';

/** Seconds: from a fast cached answer to a purchase waiting out Google's write limit. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Seconds: a Google call's limit is a few seconds; a seat change's read-backs longer. */
const GOOGLE_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: the store answers in milliseconds; a change lock may wait for another change. */
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5];
const MS_PER_SECOND = 1000;
const NS_PER_SECOND = 1e9;

export interface PortalMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'route' | 'method' | 'status'>;
  googleCalls: Counter<'api' | 'method' | 'outcome' | 'reason'>;
  googleCallDuration: Histogram<'api' | 'method' | 'outcome'>;
  purchases: Counter<'outcome'>;
  licencesAdded: Counter;
  delegateChanges: Counter<'kind' | 'action' | 'outcome'>;
  rateLimitRefusals: Counter<'limit'>;
  storeOperationDuration: Histogram<'operation'>;
  /** Notification deliveries by channel and outcome (docs/notifications.md). */
  notificationDeliveries: Counter<'channel' | 'outcome'>;
  /** Subscriptions the last reconciliation pass found changed outside the portal (docs/api.md). */
  subscriptionsDrifting: Gauge;
  /** The store whose unsettled history entries the gauge reads on each scrape. */
  watchStore(store: PortalStore): void;
}

export function createPortalMetrics(): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let watched: PortalStore | undefined;
  const registers = [registry];
  const metrics: PortalMetrics = {
    registry,
    httpRequestDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    googleCalls: new Counter({
      name: 'portal_google_calls_total',
      help: "Calls to Google's APIs, by API, method, outcome (ok, error, lost) and Google's reason.",
      labelNames: ['api', 'method', 'outcome', 'reason'],
      registers,
    }),
    googleCallDuration: new Histogram({
      name: 'portal_google_call_duration_seconds',
      help: "Time of one call to Google's APIs, by API, method and outcome.",
      labelNames: ['api', 'method', 'outcome'],
      buckets: GOOGLE_BUCKETS,
      registers,
    }),
    purchases: new Counter({
      name: 'portal_purchases_total',
      help: 'Licence purchases, by outcome (done, failed, unconfirmed, not-made).',
      labelNames: ['outcome'],
      registers,
    }),
    licencesAdded: new Counter({
      name: 'portal_licences_added_total',
      help: 'Licences (seats) added by purchases that are done.',
      registers,
    }),
    delegateChanges: new Counter({
      name: 'portal_delegate_changes_total',
      help: 'Delegate list changes, by kind (licence, support), action (add, delete) and outcome.',
      labelNames: ['kind', 'action', 'outcome'],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Requests refused with 429 by the quota shield, by limit (address, session, customer, route).',
      labelNames: ['limit'],
      registers,
    }),
    storeOperationDuration: new Histogram({
      name: 'portal_store_operation_duration_seconds',
      help: "Time of one portal store operation, by operation (the store's method).",
      labelNames: ['operation'],
      buckets: STORE_BUCKETS,
      registers,
    }),
    notificationDeliveries: new Counter({
      name: 'portal_notification_deliveries_total',
      help: 'Notification deliveries, by channel (receipt, administrator-copy, reseller-notice, webhook) and outcome (delivered, retry, failed).',
      labelNames: ['channel', 'outcome'],
      registers,
    }),
    subscriptionsDrifting: new Gauge({
      name: 'portal_subscriptions_drifting',
      help: 'Subscriptions whose seat total at Google the last reconciliation pass found changed outside the portal.',
      registers,
    }),
    watchStore(store) {
      watched = store;
    },
  };
  /** A gauge of the watched store's entries by state, read on each scrape. */
  const storeGauge = <State extends string>(
    name: string,
    help: string,
    states: readonly State[],
    count: (store: PortalStore) => Promise<Record<State, number>>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['state'],
      registers,
      async collect() {
        if (watched === undefined) return;
        const counts = await count(watched);
        for (const state of states) this.set({ state }, counts[state]);
      },
    });
  storeGauge(
    'portal_outbox_notifications',
    'Outbox notifications waiting for delivery and failed (out of attempts), read on each scrape.',
    ['waiting', 'failed'],
    (store) => store.countNotifications(),
  );
  storeGauge(
    'portal_history_entries',
    'History entries not settled yet, by state (pending, unconfirmed), read on each scrape.',
    UNSETTLED_STATES,
    (store) => store.countUnsettled(),
  );
  return metrics;
}

/** Counts a purchase or delegate change by the outcome its audit line states (docs/api.md, Logs). */
export function countChange(
  metrics: PortalMetrics | undefined,
  record: AuditRecord<unknown>,
): void {
  if (metrics === undefined) return;
  const outcome = record.outcome ?? 'done';
  if (record.action === 'licence.add') {
    metrics.purchases.inc({ outcome });
    const seats = (side: unknown) =>
      typeof side === 'object' && side !== null && 'numberOfSeats' in side
        ? Number(side.numberOfSeats)
        : 0;
    const added = seats(record.after) - seats(record.before);
    if (outcome === 'done' && added > 0) metrics.licencesAdded.inc(added);
    return;
  }
  const [kind = '', action = ''] = record.action.split(/-delegate\./);
  metrics.delegateChanges.inc({ kind, action, outcome });
}

/** Every method of the store timed into portal_store_operation_duration_seconds. */
export function timedStore(store: PortalStore, metrics: PortalMetrics): PortalStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        const started = process.hrtime.bigint();
        const observe = () =>
          metrics.storeOperationDuration.observe(
            { operation: property },
            Number(process.hrtime.bigint() - started) / NS_PER_SECOND,
          );
        const result: unknown = Reflect.apply(value, target, args);
        if (result instanceof Promise) return result.finally(observe);
        observe();
        return result;
      };
    },
  });
}

/** Records each answer's duration under its route's pattern, never the raw URL (unbounded labels). */
export const requestMetrics = fp<{ metrics: PortalMetrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.httpRequestDuration.observe(
        {
          // Unmatched URLs share one label, so scanners cannot grow the series.
          route: request.routeOptions.url ?? 'unmatched',
          method: request.method,
          status: String(reply.statusCode),
        },
        reply.elapsedTime / MS_PER_SECOND,
      );
      done();
    });
  },
  { name: 'request-metrics' },
);

/** The metrics listener: GET /metrics and nothing else, on METRICS_HOST:METRICS_PORT (main.ts). */
export function buildMetricsServer(metrics: PortalMetrics): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get(METRICS_PATH, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  return server;
}
