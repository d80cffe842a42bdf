// Crash safety (docs/security.md): a real portal process is killed with SIGKILL the moment a change
// is acknowledged, while others are still in flight, then started again on the same data directory.
// Every acknowledged change is there, the old session still works, and every SQLite file in the data
// directory passes PRAGMA integrity_check, right after each kill and at the end.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS, DELEGATE_PATHS, XSRF_HEADER, type DelegateKind } from '../../src/contract/api';
import { loadSqliteDriver } from '../../src/server/providers/sandbox/sqliteDriver';
import { startPortalProcess, type PortalProcess } from '../../src/testing/server/portalProcess';
import { signInOverHttp, type SignedIn } from '../../src/testing/server/sandboxSignIn';

const CYCLES = 5;
const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const KINDS: DelegateKind[] = ['licence', 'support'];

/** PRAGMA integrity_check of every SQLite file the portal keeps in the data directory. */
function integrityOf(dataDir: string): Record<string, string> {
  const Database = loadSqliteDriver();
  const results: Record<string, string> = {};
  for (const file of readdirSync(dataDir).filter((name) => name.endsWith('.db'))) {
    const db = new Database(path.join(dataDir, file));
    try {
      results[file] = String(db.pragma('integrity_check', { simple: true }));
    } finally {
      db.close();
    }
  }
  return results;
}

async function post(portal: PortalProcess, session: SignedIn, url: string, body: unknown) {
  const response = await fetch(`${portal.origin}${url}`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      [XSRF_HEADER]: session.xsrf,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function members(portal: PortalProcess, session: SignedIn, kind: DelegateKind) {
  const response = await fetch(
    `${portal.origin}${DELEGATE_PATHS[kind]}?customer=${ACME.customerId}`,
    { headers: { cookie: session.cookie } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { members: string[] }).members;
}

let dataDir: string;
let portal: PortalProcess | undefined;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
});
afterAll(async () => {
  await portal?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged change through ${CYCLES} SIGKILLs`, async () => {
  portal = await startPortalProcess({ dataDir });
  const session = await signInOverHttp(portal.origin, 'admin@acme.example');
  let seats = session.subscription.numberOfSeats;
  const acknowledged: Record<DelegateKind, string[]> = { licence: [], support: [] };
  let acknowledgedSeats = seats;
  let acknowledgements = 0;

  for (let cycle = 0; cycle < CYCLES; cycle += 1) {
    const running = portal;
    let killed: Promise<void> | undefined;
    // The first acknowledgement kills the process; the other changes are still in flight.
    const killOnAcknowledgement = (status: number) => {
      if (status !== 200) return;
      acknowledgements += 1;
      killed ??= running.stop('SIGKILL');
    };
    const changes = [
      post(running, session, API_PATHS.addLicence, { ...ACME, numberOfSeats: seats + 1 }).then(
        (answer) => {
          killOnAcknowledgement(answer.status);
          if (answer.status === 200) {
            const subscription = answer.body.subscription as { numberOfSeats: number };
            acknowledgedSeats = subscription.numberOfSeats;
          }
        },
      ),
      ...KINDS.map((kind) => {
        const email = `kept-${kind}-${cycle}@acme.example`;
        return post(running, session, DELEGATE_PATHS[kind], {
          email,
          customerId: ACME.customerId,
          action: 'add',
        }).then((answer) => {
          killOnAcknowledgement(answer.status);
          if (answer.status === 200) acknowledged[kind].push(email);
        });
      }),
    ];
    await Promise.allSettled(changes);
    expect(killed).toBeDefined();
    await running.stop('SIGKILL');
    for (const [file, result] of Object.entries(integrityOf(dataDir))) {
      expect({ cycle, file, result }).toEqual({ cycle, file, result: 'ok' });
    }

    portal = await startPortalProcess({ dataDir });
    // The session from before the kills still works: its secret is kept in the data directory.
    for (const kind of KINDS) {
      expect(await members(portal, session, kind)).toEqual(
        expect.arrayContaining(acknowledged[kind]),
      );
    }
    const reread = await signInOverHttp(portal.origin, 'admin@acme.example');
    // An add in flight may have landed without its answer; an acknowledged one always has.
    expect(reread.subscription.numberOfSeats).toBeGreaterThanOrEqual(acknowledgedSeats);
    seats = reread.subscription.numberOfSeats;
  }

  // Each cycle was killed by an acknowledgement, so every check above had something to find.
  expect(acknowledgements).toBeGreaterThanOrEqual(CYCLES);
  await portal.stop('SIGTERM');
  portal = undefined;
  const files = integrityOf(dataDir);
  expect(Object.keys(files)).toContain('sandbox.db');
  for (const [file, result] of Object.entries(files))
    expect({ file, result }).toEqual({ file, result: 'ok' });
});
