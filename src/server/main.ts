import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { ConfigError } from './configError';
import {
  readEnvironment,
  unknownVariableWarnings,
  type Environment,
} from './configuration/environment';
import { readRequestDeadline } from './plugins/deadline';
import { emulatorWarning } from './emulator';
import { readLogFormat } from './plugins/logFormat';
import { createLogger } from './plugins/logger';
import { buildMetricsServer, createPortalMetrics, type PortalMetrics } from './plugins/metrics';
import {
  readNotificationConfig,
  withPortalUrl,
  type NotificationConfig,
} from './notifications/notificationConfig';
import { startNotifier } from './notifications/notifier';
import { closeProvider, openProvider, type OpenedProvider } from './openProvider';
import { pricesOf, type PriceList } from './prices/priceList';
import { createReconcileWorker } from './services/reconcileWorker';
import { createSettlementWorker } from './services/settlementWorker';
import { DataFolderInUse, lockDataFolder, type DataFolderLock } from './store/dataFolderLock';
import { openPortalSettings, type PortalSettings } from './settings/portalSettings';
import { readSettingsSeed } from './settings/settingsSeed';
import { openPortalStore } from './store/openStore';
import type { PortalStore } from './store/portalStore';

// `npm start`: read the configuration, open the provider, listen, and shut down cleanly on a signal.

const EXIT_FAILURE = 1;

/** A one-line explanation for the listen failures a configuration causes; null for anything else. */
function listenProblem(error: unknown, config: ServerConfig): string | null {
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case 'EADDRINUSE':
      return `Port ${config.port} on ${config.host} is already in use. Stop the other process or set PORT to a free port.`;
    case 'EACCES':
      return `Port ${config.port} needs privileges this process does not have. Set PORT to a port above 1023.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST '${config.host}' is not an address of this machine. Set HOST to one of its addresses, such as 127.0.0.1 or 0.0.0.0.`;
    default:
      return null;
  }
}

/** Where a sandbox listening here is reached, for its mails' links (README, PORTAL_PUBLIC_URL). */
function listeningUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(EXIT_FAILURE);
}

async function closeAll(
  app: FastifyInstance,
  opened: OpenedProvider,
  store: PortalStore,
  metricsServer?: FastifyInstance,
): Promise<void> {
  await metricsServer?.close();
  await app.close();
  await closeProvider(opened);
  await store.close();
}

/** SQLite in the data folder (the store or the sandbox) is for one process at a time (docs/deploy.md). */
function lockWhenOnSqlite(config: ServerConfig): DataFolderLock | null {
  if (config.databaseUrl !== null && config.provider !== 'sandbox') return null;
  try {
    return lockDataFolder(config.dataDir);
  } catch (error) {
    if (error instanceof DataFolderInUse) fail(error.message);
    throw error;
  }
}

/** The portal store, migrated; a database that cannot be reached stops the start with one line. */
async function openStore(config: ServerConfig): Promise<PortalStore> {
  try {
    return await openPortalStore(config, Date.now());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      config.databaseUrl === null
        ? `The portal store in ${config.dataDir} could not be opened: ${reason}`
        : `The portal store at DATABASE_URL could not be opened: ${reason}`,
    );
  }
}

/** The Prometheus listener, only when METRICS_PORT is set; a port it cannot take stops the start. */
async function listenForMetrics(
  config: ServerConfig,
  metrics: PortalMetrics,
  closeRest: () => Promise<void>,
): Promise<FastifyInstance | undefined> {
  if (config.metricsPort === null) return undefined;
  const server = buildMetricsServer(metrics);
  try {
    await server.listen({ host: config.metricsHost, port: config.metricsPort });
  } catch (error) {
    await closeRest().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return fail(
      `The metrics listener could not start on ${config.metricsHost}:${config.metricsPort} (METRICS_HOST, METRICS_PORT): ${reason}`,
    );
  }
  return server;
}

async function main(): Promise<void> {
  let settings: Environment;
  let config: ServerConfig;
  let opened: OpenedProvider;
  let requestDeadlineMs: number;
  let logger: FastifyBaseLogger;
  let notifications: NotificationConfig;
  let prices: PriceList | null;
  try {
    // The environment is read once; every reader below takes its values from this one object.
    settings = readEnvironment(process.env);
    config = readConfig(settings);
    logger = createLogger(
      config.logLevel,
      undefined,
      readLogFormat(settings, process.stdout.isTTY === true),
    );
    requestDeadlineMs = readRequestDeadline(settings);
    notifications = readNotificationConfig(settings, config.provider);
    prices = pricesOf(config);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  // A misspelt variable would otherwise be ignored in silence (docs/architecture.md, Configuration).
  for (const warning of unknownVariableWarnings(process.env)) logger.warn(warning);
  // Every start on an emulator says so, naming what is not Google (docs/configuration-google.md).
  if (config.emulated !== null) logger.warn(emulatorWarning(config.emulated));
  const folderLock = lockWhenOnSqlite(config);
  const metrics = createPortalMetrics();
  // The store first: the customers' settings in it are the provider's seat policy.
  const store = await openStore(config);
  let portalSettings: PortalSettings;
  try {
    portalSettings = await openPortalSettings(store, readSettingsSeed(settings, Date.now()), {
      log: logger,
    });
    opened = await openProvider(config, settings, logger, portalSettings, metrics);
  } catch (error) {
    await store.close().catch(() => undefined);
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }

  const app = buildApp({
    config,
    provider: opened.provider,
    sandbox: opened.sandbox,
    store,
    settings: portalSettings,
    logger,
    requestDeadlineMs,
    metrics,
    prices,
  });
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await closeAll(app, opened, store).catch(() => undefined);
    const problem = listenProblem(error, config);
    if (problem !== null) fail(problem);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const metricsServer = await listenForMetrics(config, metrics, () => closeAll(app, opened, store));
  const notifier = await startNotifier({
    config: withPortalUrl(
      notifications,
      opened.sandbox === undefined ? null : listeningUrl(config.host, port),
    ),
    store,
    provider: opened.provider,
    sandbox: opened.sandbox,
    log: logger,
    metrics,
  });
  // Unsettled history is settled in the background on every instance (docs/api.md, GET /api/history).
  const settlement = createSettlementWorker({
    store,
    provider: opened.provider,
    log: logger,
    pollMs: config.settlementPollMs,
    graceMs: config.purchaseGraceMs,
    metrics,
  });
  settlement.start();
  // The ledger is reconciled with Google every RECONCILE_EVERY on every instance (docs/api.md, Reconciliation).
  const reconciliation =
    config.reconcileEveryMs === null
      ? null
      : createReconcileWorker({
          store,
          provider: opened.provider,
          log: logger,
          now: Date.now,
          everyMs: config.reconcileEveryMs,
          metrics,
        });
  reconciliation?.start();
  let closing = false;
  const shutDown = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while closing is ignored: the first one is already finishing the work.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    Promise.all([settlement.stop(), notifier.stop(), reconciliation?.stop()])
      .then(() => closeAll(app, opened, store, metricsServer))
      .then(
        () => {
          folderLock?.release();
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(EXIT_FAILURE);
        },
      );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);
  // Ready only once SIGTERM shuts down cleanly (docs/deploy.md): a supervisor may stop it on this line.
  process.stdout.write(
    `Portal ready at http://${config.host}:${port} (provider: ${config.provider}, data: ${config.dataDir}, store: ${store.dialect})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(EXIT_FAILURE);
});
