// `npm run start:fake-google`: the fake Google (OAuth, Reseller and Directory APIs, a sign-in popup,
// MX answers) and the portal in google mode pointed at it, so a person can click through the real
// Google provider in a browser. For testing only; the fake never ships in dist/server.
//   FAKE_GOOGLE_PORT (default 8090), FAKE_GOOGLE_DNS_PORT (default 8053), PORT (default 8080).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fakeGoogleEnv, startFakeGoogle } from '../src/testing/fakeGoogle';
import { startPortalProcess } from '../src/testing/server/portalProcess';

const portalPort = Number(process.env.PORT ?? '8080');
const host = process.env.HOST ?? '127.0.0.1';
/** A first build of the client and the server on a slow machine, then the start. */
const BUILD_AND_START_TIMEOUT_MS = 600_000;

async function main(): Promise<void> {
  const fake = await startFakeGoogle({
    port: Number(process.env.FAKE_GOOGLE_PORT ?? '8090'),
    dns: true,
    dnsPort: Number(process.env.FAKE_GOOGLE_DNS_PORT ?? '8053'),
    allowedOrigins: [`http://${host}:${portalPort}`, `http://localhost:${portalPort}`],
  });
  process.stdout.write(
    `Fake Google at ${fake.rootUrl} (MX over UDP at ${fake.dnsServer ?? '-'}).\n` +
      'Demo accounts: admin@acme.example, licences@acme.example, staff@acme.example, ' +
      'maria@acme-eu.example (secondary domain), admin@flex.example, admin@paused.example, ' +
      'former@acme.example (suspended), someone@stranger.example.\n',
  );
  // `npm start` (scripts/start.js, which builds what is missing) with the person's own settings.
  const portal = await startPortalProcess({
    entry: 'start',
    dataDir: path.resolve(__dirname, '..', process.env.PORTAL_DATA_DIR ?? '.data'),
    echo: true,
    readyTimeoutMs: BUILD_AND_START_TIMEOUT_MS,
    env: {
      ...process.env,
      ...fakeGoogleEnv(fake, randomBytes(48).toString('base64url')),
      PORT: String(portalPort),
      HOST: host,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      NODE_ENV: process.env.NODE_ENV,
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void portal.stop(signal));
  }
  const code = await portal.exited;
  await fake.close();
  process.exit(code ?? 0);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `start:fake-google failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
