import { createInterface } from 'node:readline';
import { fakeGoogleEnv, startFakeGoogle, type Fault } from '../fakeGoogle';

// The fake Google in a process of its own (fakeGoogleProcess.ts starts it), so what it holds outlives
// any portal process a test kills. It prints one JSON line with the portal's google-mode environment,
// then answers commands, one JSON line each way, on stdin and stdout; it ends when stdin closes.

interface Command {
  id: number;
  op: 'issueToken' | 'failNext' | 'seats' | 'callCount';
  args: unknown[];
}

async function main(): Promise<void> {
  const sessionSecret = process.argv[2] ?? '';
  const fake = await startFakeGoogle();
  process.stdout.write(`${JSON.stringify({ env: fakeGoogleEnv(fake, sessionSecret) })}\n`);

  const run = (command: Command): unknown => {
    const [first, second, third, fourth] = command.args;
    switch (command.op) {
      case 'issueToken':
        return fake.issueToken(String(first), second as string[]);
      case 'failNext':
        fake.failNext(
          String(first),
          new RegExp(String(second)),
          third as Fault,
          typeof fourth === 'number' ? fourth : 1,
        );
        return null;
      case 'seats':
        return (
          fake.state.subscriptions.find((s) => s.subscriptionId === String(first))?.numberOfSeats ??
          null
        );
      case 'callCount': {
        const path = new RegExp(String(second));
        return fake.calls.filter((call) => call.method === first && path.test(call.path)).length;
      }
      default:
        throw new Error(`unknown command ${String(command.op)}`);
    }
  };

  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    const command = JSON.parse(line) as Command;
    try {
      process.stdout.write(`${JSON.stringify({ id: command.id, result: run(command) })}\n`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      process.stdout.write(`${JSON.stringify({ id: command.id, error: message })}\n`);
    }
  });
  lines.on('close', () => {
    void fake.close().finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
