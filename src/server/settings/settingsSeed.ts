import { readFileSync } from 'node:fs';
import { ConfigError } from '../configError';
import { settingsOf, type ConfigSource } from '../configuration/environment';
import type { SettingsSeed } from '../store/portalStore';

// The first start's settings (docs/reseller-console.md, Where the settings come from): ANNUAL_SEAT_CAP
// becomes the reseller's default seat cap and SEAT_CAP_FILE's caps the customers' own, once; from then
// on the store is the source of truth and the console changes it.

export const SEAT_CAP_ENV = {
  cap: 'ANNUAL_SEAT_CAP',
  file: 'SEAT_CAP_FILE',
} as const;

/** Who the imported customers' settings name as their author. */
export const SEAT_CAP_IMPORT_AUTHOR = SEAT_CAP_ENV.file;

function isCap(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;
}

/** The file's caps by customerId; a file that cannot be used stops the start (ConfigError). */
export function readSeatCapFile(file: string): Map<string, number> {
  const name = SEAT_CAP_ENV.file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${name} names a file that cannot be read: ${file}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${name} (${file}) is not valid JSON.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(
      `${name} (${file}) must be a JSON object of customerId to cap, e.g. {"C0abc123": 200}.`,
    );
  }
  const caps = new Map<string, number>();
  for (const [customerId, cap] of Object.entries(parsed)) {
    if (!isCap(cap)) {
      throw new ConfigError(
        `${name} (${file}): the cap of ${customerId} must be a whole number of at least 1; got ${JSON.stringify(cap)}.`,
      );
    }
    caps.set(customerId, cap);
  }
  return caps;
}

export interface SettingsSeedSource {
  /** The seed as the store takes it. */
  seed: SettingsSeed;
  /** SEAT_CAP_FILE, for the start's one log line; null when unset. */
  file: string | null;
}

/** ANNUAL_SEAT_CAP and SEAT_CAP_FILE as the first start's seed; the file is read only if it is used. */
export function readSettingsSeed(source: ConfigSource, at: number): SettingsSeedSource {
  const settings = settingsOf(source, Object.values(SEAT_CAP_ENV));
  const file = settings[SEAT_CAP_ENV.file] ?? null;
  return {
    seed: {
      defaults: { seatCap: settings[SEAT_CAP_ENV.cap], approvalAbove: null },
      seatCaps: () => (file === null ? new Map() : readSeatCapFile(file)),
      at,
      by: SEAT_CAP_IMPORT_AUTHOR,
    },
    file,
  };
}

/** The seed of a store no configuration names: the default cap, no file (tests, benches). */
export function defaultSettingsSeed(at: number): SettingsSeed {
  return readSettingsSeed({}, at).seed;
}
