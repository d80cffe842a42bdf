import { ConfigError } from '../configError';
import { readEnvironment, settingsOf, unknownVariableWarnings } from './environment';
import { declaredVariables } from './schema';

// The environment read by the schema: defaults, ranges, one line per bad value, unknown names.

it('fills in every default of the schema when nothing is set', () => {
  expect(readEnvironment({})).toMatchObject({
    PORT: 8080,
    HOST: '127.0.0.1',
    PORTAL_PROVIDER: 'sandbox',
    RATE_LIMIT_PER_CUSTOMER: 240,
    PORTAL_REQUEST_DEADLINE_MS: 20_000,
    GOOGLE_CACHE_TTL_MS: 15_000,
    LOG_LEVEL: 'info',
    PORTAL_RECORDING: false,
  });
  expect(readEnvironment({}).METRICS_PORT).toBeUndefined();
});

it('decodes each value by its declared type, trimmed, a blank one as unset', () => {
  expect(
    readEnvironment({ PORT: ' 9000 ', SERVE_SOURCE_MAPS: 'On', LOG_LEVEL: 'DEBUG', HOST: '' }),
  ).toMatchObject({ PORT: 9000, SERVE_SOURCE_MAPS: true, LOG_LEVEL: 'debug', HOST: '127.0.0.1' });
});

it.each([
  ['PORT', '65536', "PORT must be a whole number from 0 to 65535; got '65536'."],
  ['PORT', '1.5', "PORT must be a whole number from 0 to 65535; got '1.5'."],
  ['PORT', '0x50', "PORT must be a whole number from 0 to 65535; got '0x50'."],
  [
    'PORTAL_REQUEST_DEADLINE_MS',
    '99',
    "PORTAL_REQUEST_DEADLINE_MS must be a whole number of milliseconds, at least 100; got '99'.",
  ],
  [
    'GOOGLE_CACHE_MAX_ENTRIES',
    '0',
    "GOOGLE_CACHE_MAX_ENTRIES must be a whole number from 1 to 1000000; got '0'.",
  ],
  ['SERVE_SOURCE_MAPS', 'maybe', "SERVE_SOURCE_MAPS must be true or false; got 'maybe'."],
  ['PORTAL_PROVIDER', 'azure', "PORTAL_PROVIDER must be 'sandbox' or 'google'; got 'azure'."],
  ['SESSION_SECRET', 'short-secret', 'SESSION_SECRET must be at least 32 characters; got 12.'],
])('refuses %s=%s with one line naming it and what is allowed', (name, value, message) => {
  const read = () => readEnvironment({ [name]: value });
  expect(read).toThrow(ConfigError);
  expect(read).toThrow(message);
});

it('declares every variable with a description and a documented group', () => {
  for (const [name, variable] of declaredVariables()) {
    expect([name, variable.description.length > 0]).toEqual([name, true]);
    expect(['portal', 'google', 'emulator', 'dev']).toContain(variable.group);
  }
});

it('is read once: the result is frozen and handed on as it is', () => {
  const settings = readEnvironment({ PORT: '9000' });
  expect(Object.isFrozen(settings)).toBe(true);
  expect(settingsOf(settings)).toBe(settings);
});

it("names an unknown variable with the portal's prefixes and the nearest known one", () => {
  expect(
    unknownVariableWarnings({
      PORTAL_PROVDER: 'google',
      SESSION_SECRETS: 'x',
      GOOGLE_CALL_TIMEOUT: '10',
      PATH: '/bin',
      PORTAL_PROVIDER: 'sandbox',
    }),
  ).toEqual([
    'GOOGLE_CALL_TIMEOUT is not a variable the portal reads and is ignored; did you mean GOOGLE_CALL_TIMEOUT_MS?',
    'PORTAL_PROVDER is not a variable the portal reads and is ignored; did you mean PORTAL_PROVIDER?',
    'SESSION_SECRETS is not a variable the portal reads and is ignored; did you mean SESSION_SECRET?',
  ]);
});
