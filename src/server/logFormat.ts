import { ConfigError } from './configError';

// How log lines are written (README, LOG_FORMAT): pino-pretty lines for a person at a terminal, JSON
// for anything that collects them; unset, the portal picks by whether stdout is a terminal.

export type LogFormat = 'json' | 'pretty';

export const LOG_FORMAT_ENV = 'LOG_FORMAT';
const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty'];

/** LOG_FORMAT, or by `stdoutIsTerminal` when it is unset or blank. */
export function readLogFormat(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LogFormat {
  const raw = env[LOG_FORMAT_ENV]?.trim() ?? '';
  if (raw === '') return stdoutIsTerminal ? 'pretty' : 'json';
  const format = LOG_FORMATS.find((candidate) => candidate === raw.toLowerCase());
  if (format === undefined) {
    throw new ConfigError(
      `${LOG_FORMAT_ENV} must be ${LOG_FORMATS.map((name) => `'${name}'`).join(' or ')}; got '${raw}'.`,
    );
  }
  return format;
}
