import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from './config';
import type { Environment } from './configuration/environment';
import type { PortalMetrics } from './plugins/metrics';
import { createGoogleProvider, readGoogleOptions } from './providers/google';
import type { PortalProvider } from './providers/provider';
import { openSandbox, type Sandbox } from './providers/sandbox';
import type { SeatPolicy } from './providers/seatPolicy';

// The provider PORTAL_PROVIDER names, as the server (main.ts) and the operator's commands
// (reconcileCommand.ts) open it: the sandbox in PORTAL_DATA_DIR, or Google.

export interface OpenedProvider {
  provider: PortalProvider;
  sandbox?: Sandbox;
}

export async function openProvider(
  config: Pick<ServerConfig, 'provider' | 'dataDir' | 'resellerName'>,
  settings: Environment,
  logger: FastifyBaseLogger,
  /** The customers' seat caps (settings/portalSettings.ts); the default cap when absent. */
  seatPolicy?: SeatPolicy,
  metrics?: PortalMetrics,
): Promise<OpenedProvider> {
  if (config.provider === 'google') {
    const options = readGoogleOptions(settings);
    return {
      provider: createGoogleProvider({
        ...options,
        ...(seatPolicy === undefined ? {} : { seatPolicy }),
        log: logger,
        ...(metrics === undefined ? {} : { metrics }),
      }),
    };
  }
  const sandbox = await openSandbox({
    dataDir: config.dataDir,
    resellerName: config.resellerName,
    ...(seatPolicy === undefined ? {} : { seatPolicy }),
    log: (line) => logger.info(line),
  });
  return { provider: sandbox.provider, sandbox };
}

/** Closes what openProvider opened. */
export async function closeProvider(opened: OpenedProvider): Promise<void> {
  if (opened.sandbox !== undefined) opened.sandbox.close();
  else await opened.provider.close();
}
