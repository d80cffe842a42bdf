import { settingsOf, type ConfigSource } from '../configuration/environment';

// How log lines are written (README, LOG_FORMAT): pino-pretty lines for a person at a terminal, JSON
// for anything that collects them; unset, the portal picks by whether stdout is a terminal.

export type LogFormat = 'json' | 'pretty';

export const LOG_FORMAT_ENV = 'LOG_FORMAT' as const;

/** LOG_FORMAT (its values are the schema's), or by `stdoutIsTerminal` when it is unset or blank. */
export function readLogFormat(source: ConfigSource, stdoutIsTerminal: boolean): LogFormat {
  return (
    settingsOf(source, [LOG_FORMAT_ENV])[LOG_FORMAT_ENV] ?? (stdoutIsTerminal ? 'pretty' : 'json')
  );
}
