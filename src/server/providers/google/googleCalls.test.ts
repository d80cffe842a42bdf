import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { withDeadline } from '../../plugins/deadline';
import { SERVER_TEXT } from '../../messages';
import { callLimits } from './googleCalls';

// A Google call's own time limit (docs/configuration-google.md, "Time limits and retries").

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const SCRIPT = path.join(ROOT, 'src', 'testing', 'server', 'hungCallUnderGc.ts');
/** A child process that loads TypeScript takes seconds to start on a busy machine. */
const CHILD_PROCESS_TEST_MS = 30_000;

/** How a signal ended, and after how long. */
async function abortOf(signal: AbortSignal): Promise<{ name: string; afterMs: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    signal.addEventListener('abort', () =>
      resolve({ name: (signal.reason as Error).name, afterMs: Date.now() - started }),
    );
  });
}

it('ends a call at its own limit outside a request, as a timeout', async () => {
  const ended = await abortOf(callLimits(50).signal);
  expect(ended.name).toBe('TimeoutError');
});

it("ends a call at the request's deadline when that is nearer, as the deadline", async () => {
  await withDeadline(50, async () => {
    const ended = await abortOf(callLimits(8000).signal);
    expect(ended.name).toBe('AbortError');
    expect(ended.afterMs).toBeLessThan(1000);
  });
});

it(
  'keeps its own limit while garbage is collected: a hung read ends at its limit, not at the deadline',
  async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', SCRIPT],
      { cwd: ROOT },
    );
    const outcome = JSON.parse(stdout) as { message: string; elapsedMs: number };
    // Three tries of 300 ms with their backoff, well before the 4 s deadline.
    expect(outcome.message).toBe(SERVER_TEXT.upstreamTimeout("Google's Reseller API"));
    expect(outcome.elapsedMs).toBeLessThan(3000);
  },
  CHILD_PROCESS_TEST_MS,
);
