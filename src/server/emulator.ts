import { ConfigError } from './configError';
import type { Environment } from './configuration/environment';

// The settings that replace a piece of Google with an emulator (docs/configuration-google.md,
// "Testing against an emulator"). Any of them left over in production would make sign-in whatever
// that server answers, so each is refused unless GOOGLE_EMULATOR=true says the machine is a test one.

export const EMULATOR_SWITCH = 'GOOGLE_EMULATOR';

/** Every variable that points the portal at an emulator instead of Google; new ones go here. */
export const EMULATOR_VARIABLES = [
  'GOOGLE_API_ROOT_URL',
  'GOOGLE_TOKENINFO_URL',
  'GOOGLE_OAUTH_TOKEN_URL',
  'GOOGLE_SIGN_IN_POPUP_URL',
  'PORTAL_DNS_SERVERS',
] as const satisfies readonly (keyof Environment)[];

/** What google mode on an emulator must not leave to Google: the token checks and the APIs. */
const EMULATED_IN_GOOGLE_MODE: readonly string[] = [
  'GOOGLE_API_ROOT_URL',
  'GOOGLE_TOKENINFO_URL',
  'GOOGLE_OAUTH_TOKEN_URL',
];

export interface EmulatedSetting {
  name: string;
  value: string;
}

function setVariables(settings: Environment): EmulatedSetting[] {
  return EMULATOR_VARIABLES.flatMap((name) => {
    const value = settings[name];
    return value === undefined ? [] : [{ name, value }];
  });
}

/**
 * The emulated settings when the switch is on (an empty list when none is set); null when it is off.
 * Throws a ConfigError naming the variables set without the switch, or, in google mode, the ones an
 * emulated portal still lacks (so that a test machine never reaches Google itself).
 */
export function readEmulatedSettings(
  settings: Environment,
  emulatorOn: boolean,
  googleMode: boolean,
): EmulatedSetting[] | null {
  const emulated = setVariables(settings);
  if (!emulatorOn) {
    if (emulated.length === 0) return null;
    const names = emulated.map((setting) => setting.name).join(', ');
    throw new ConfigError(
      `${names} point${emulated.length === 1 ? 's' : ''} the portal at an emulator instead of Google; unset ${emulated.length === 1 ? 'it' : 'them'} in production, or set ${EMULATOR_SWITCH}=true on a test machine.`,
    );
  }
  const missing = EMULATED_IN_GOOGLE_MODE.filter(
    (name) => !emulated.some((setting) => setting.name === name),
  );
  if (googleMode && missing.length > 0) {
    throw new ConfigError(
      `${EMULATOR_SWITCH}=true needs ${missing.join(', ')} as well, so that nothing is asked of Google itself.`,
    );
  }
  return emulated;
}

/** The warning every start with the switch on logs, naming what is emulated. */
export function emulatorWarning(emulated: readonly EmulatedSetting[]): string {
  const what =
    emulated.length === 0
      ? 'no emulator variable is set'
      : emulated.map((setting) => `${setting.name}=${setting.value}`).join(', ');
  return `${EMULATOR_SWITCH}=true: a test machine, never production; emulated: ${what}`;
}
