import { Writable } from 'node:stream';

// The portal's JSON log lines as a test reads them: one object per line, in the order written.

export interface CapturedLogs {
  /** Every line written so far, parsed. */
  logs: Record<string, unknown>[];
  /** The stream to give the portal's logger. */
  sink: Writable;
}

export function captureLogs(): CapturedLogs {
  const logs: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { logs, sink };
}
