import type { FastifyBaseLogger } from 'fastify';
import type {
  CustomerSettings,
  EffectiveSettings,
  ResellerDefaults,
} from '../../contract/customerSettings';
import { DEFAULT_ANNUAL_SEAT_CAP, type SeatPolicy } from '../providers/seatPolicy';
import type { LastChange, SettingsStore, StoredSettings } from '../store/portalStore';
import type { SettingsSeedSource } from './settingsSeed';
import { effectiveSettings, ownSettings } from './settingsRules';

// The console's settings as every request reads them (docs/reseller-console.md, How fast a change
// applies): all of them in memory, so the seat policy and the customers' guard stay synchronous, and
// each instance reads the store's revision every SETTINGS_REFRESH_MS, reading everything again only
// when it moved. A change applies at once on the instance that made it, within that period elsewhere.

/** How often each instance asks the store whether a setting changed (well inside 5 seconds). */
export const SETTINGS_REFRESH_MS = 2000;

export interface PortalSettings extends SeatPolicy {
  /** The customer's own settings as stored, and who changed them last. */
  ownSettingsOf(customerId: string): CustomerSettings & LastChange;
  /** What applies to the customer, nulls replaced by the defaults. */
  effectiveSettingsOf(customerId: string): EffectiveSettings;
  defaults(): ResellerDefaults & LastChange;
  /** Whether the customer may use the portal (the customers' guard). */
  isPortalEnabled(customerId: string): boolean;
  /** The seats per purchase above which the customer's purchase waits for approval; null: never. */
  approvalAbove(customerId: string): number | null;
  /** Reads the store's revision, and every setting again when it moved. */
  refresh(): Promise<void>;
  /** Refreshes every SETTINGS_REFRESH_MS until stop(). */
  start(): void;
  stop(): void;
}

const NO_CHANGE: LastChange = { updatedAt: null, updatedBy: null };

/** What applies before the store's defaults are read: ANNUAL_SEAT_CAP's default, no approvals. */
const EMPTY: StoredSettings = {
  revision: 0,
  defaults: null,
  customers: new Map(),
};

export interface PortalSettingsOptions {
  log: FastifyBaseLogger;
  refreshMs?: number;
}

/** Settings over the store, empty until the first refresh(): openPortalSettings does both. */
export function createPortalSettings(
  store: SettingsStore,
  { log, refreshMs = SETTINGS_REFRESH_MS }: PortalSettingsOptions,
): PortalSettings {
  let current = EMPTY;
  let timer: NodeJS.Timeout | null = null;
  let refreshing: Promise<void> | null = null;
  let failing = false;

  const defaults = () =>
    current.defaults ?? { seatCap: DEFAULT_ANNUAL_SEAT_CAP, approvalAbove: null, ...NO_CHANGE };
  const stored = (customerId: string) => current.customers.get(customerId);
  const effectiveSettingsOf = (customerId: string) =>
    effectiveSettings(ownSettings(stored(customerId)), defaults());

  const readStore = async () => {
    try {
      if ((await store.settingsRevision()) !== current.revision) {
        current = await store.readSettings();
      }
      if (failing) log.info('The portal store answers again: the settings are read again.');
      failing = false;
    } catch (error) {
      // The last settings read stay in force; said once, not every period.
      if (!failing)
        log.warn({ err: error }, 'The settings could not be read from the portal store.');
      failing = true;
    }
  };

  const refresh = () => {
    // Two callers at once (the timer and a change) share one read.
    refreshing ??= readStore().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    ownSettingsOf: (customerId) =>
      stored(customerId) ?? { ...ownSettings(undefined), ...NO_CHANGE },
    effectiveSettingsOf,
    defaults,
    annualCap: (customerId) => effectiveSettingsOf(customerId).seatCap,
    isPortalEnabled: (customerId) => effectiveSettingsOf(customerId).portalEnabled,
    approvalAbove: (customerId) => effectiveSettingsOf(customerId).approvalAbove,
    refresh,
    start() {
      if (timer !== null) return;
      timer = setInterval(() => void refresh(), refreshMs);
      timer.unref();
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
  };
}

/**
 * Writes the first start's seed unless the store has settings already, says what became of
 * SEAT_CAP_FILE in one log line, and answers the settings read.
 */
export async function openPortalSettings(
  store: SettingsStore,
  { seed, file }: SettingsSeedSource,
  options: PortalSettingsOptions,
): Promise<PortalSettings> {
  const imported = await store.seedSettings(seed);
  if (file !== null && imported !== null) {
    options.log.info(
      `SEAT_CAP_FILE: imported the seat caps of ${imported} customers from ${file} into the portal store; from now on the reseller console's settings apply and the file is not read again.`,
    );
  } else if (file !== null) {
    options.log.warn(
      `SEAT_CAP_FILE is not read: its caps were imported on the portal's first start, and the reseller console's settings apply; unset it.`,
    );
  }
  const settings = createPortalSettings(store, options);
  await settings.refresh();
  return settings;
}
