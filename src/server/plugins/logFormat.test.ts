import { ConfigError } from '../configError';
import { readLogFormat } from './logFormat';

// LOG_FORMAT (README): pretty at a terminal, JSON elsewhere, unless the variable says which.

it('picks pino-pretty on a terminal and JSON elsewhere when LOG_FORMAT is unset or blank', () => {
  expect(readLogFormat({}, true)).toBe('pretty');
  expect(readLogFormat({}, false)).toBe('json');
  expect(readLogFormat({ LOG_FORMAT: ' ' }, false)).toBe('json');
});

it('follows LOG_FORMAT whatever stdout is', () => {
  expect(readLogFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
  expect(readLogFormat({ LOG_FORMAT: 'Pretty' }, false)).toBe('pretty');
});

it('refuses any other value, naming LOG_FORMAT', () => {
  expect(() => readLogFormat({ LOG_FORMAT: 'text' }, true)).toThrow(
    new ConfigError("LOG_FORMAT must be 'json' or 'pretty'; got 'text'."),
  );
});
