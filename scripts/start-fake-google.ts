// `npm run start:fake-google`: the fake Google (OAuth, Reseller and Directory APIs, a sign-in popup,
// MX answers) and the portal in google mode pointed at it, so a person can click through the real
// Google provider in a browser. For testing only; the fake never ships in dist/server.
//   FAKE_GOOGLE_PORT (default 8090), FAKE_GOOGLE_DNS_PORT (default 8053), PORT (default 8080).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fakeGoogleEnv, startFakeGoogle } from '../src/testing/fakeGoogle';

const root = path.resolve(__dirname, '..');
const load = createRequire(__filename);
const { buildWhatIsMissing, serverMain } = load('./build.js') as {
  buildWhatIsMissing: () => void;
  serverMain: string;
};

const portalPort = Number(process.env.PORT ?? '8080');
const host = process.env.HOST ?? '127.0.0.1';

async function main(): Promise<void> {
  buildWhatIsMissing();
  const fake = await startFakeGoogle({
    port: Number(process.env.FAKE_GOOGLE_PORT ?? '8090'),
    dns: true,
    dnsPort: Number(process.env.FAKE_GOOGLE_DNS_PORT ?? '8053'),
    allowedOrigins: [`http://${host}:${portalPort}`, `http://localhost:${portalPort}`],
  });
  const env = {
    ...process.env,
    ...fakeGoogleEnv(fake, randomBytes(48).toString('base64url')),
    PORT: String(portalPort),
    HOST: host,
  };
  process.stdout.write(
    `Fake Google at ${fake.rootUrl} (MX over UDP at ${fake.dnsServer ?? '-'}).\n` +
      'Demo accounts: admin@acme.example, licences@acme.example, staff@acme.example, ' +
      'maria@acme-eu.example (secondary domain), admin@flex.example, admin@paused.example, ' +
      'former@acme.example (suspended), someone@stranger.example.\n',
  );
  const portal = spawn(process.execPath, [serverMain], { cwd: root, env, stdio: 'inherit' });
  const stop = (signal: NodeJS.Signals) => portal.kill(signal);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  portal.on('exit', (code, signal) => {
    void fake.close().then(() => process.exit(code ?? (signal ? 0 : 1)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `start:fake-google failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
