import { withDeadline } from '../../server/plugins/deadline';
import { fakeGoogleProviderOptions, startFakeGoogle } from '../fakeGoogle';
import { createGoogleProvider } from '../../server/providers/google/googleProvider';

// Run by googleCalls.test.ts under `node --expose-gc`: a read that Google never answers, inside a
// request, while garbage is collected all the time. Prints how it ended and after how long.

const CALL_LIMIT_MS = 300;
const DEADLINE_MS = 4000;
const GC_EVERY_MS = 10;
const READ_TRIES = 3;

async function main(): Promise<void> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('run with node --expose-gc');
  const fake = await startFakeGoogle();
  const provider = createGoogleProvider({
    ...fakeGoogleProviderOptions(fake),
    callTimeoutMs: CALL_LIMIT_MS,
  });
  // The service account's token first, so only the hung read is timed.
  await provider.findCustomer('flex.example');
  fake.failNext('GET', /^\/apps\/reseller\/v1\/customers\/[^/]+$/, 'hang', READ_TRIES);
  const collecting = setInterval(collect, GC_EVERY_MS);
  const started = Date.now();
  let message = '';
  try {
    await withDeadline(DEADLINE_MS, () => provider.findCustomer('acme.example'));
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  }
  clearInterval(collecting);
  process.stdout.write(`${JSON.stringify({ message, elapsedMs: Date.now() - started })}\n`);
  await provider.close();
  await fake.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
