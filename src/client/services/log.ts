import type { LogService } from './types';

// Identity and validator failures are only logged (docs/behaviour.md 8): the console is the log.
export function createConsoleLog(sink: Pick<Console, 'error'> = console): LogService {
  return {
    error: (message, detail) => {
      if (detail === undefined) sink.error(`[portal] ${message}`);
      else sink.error(`[portal] ${message}`, detail);
    },
  };
}
