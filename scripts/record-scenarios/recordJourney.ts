// One journey recorded to src/scenarios/library/<name>.json: a freshly seeded portal of its own
// (and a fresh fake Google in google mode), the journey run, the page's recording read, checked
// against the schema and written (docs/scenarios.md, With the script).
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  SCENARIO_STORAGE_KEYS,
  type StoredRecording,
} from '../../src/client/recording/recordingStorage';
import { fakeGoogleEnv, startFakeGoogle } from '../../src/testing/fakeGoogle';
import type { Scenario } from '../../src/scenarioFormat/scenario';
import { createRedaction } from '../../src/scenarioFormat/redaction';
import { parseScenario } from '../../src/scenarios/validateScenario';
import { buildClientInto, startPortalProcess } from '../../src/testing/server/portalProcess';
import { quiet, STEP_TIMEOUT_MS, type Journey, type Session } from './recordedPage';

const root = path.resolve(__dirname, '..', '..');
export const libraryDir = path.join(root, 'src', 'scenarios', 'library');
const clientIndex = path.join(root, 'dist', 'client', 'index.html');
// Generous: start.js first rebuilds the server when its sources changed.
const SERVER_READY_TIMEOUT_MS = 180_000;
const RECORDED_WITH = 'the sandbox, driven by scripts/record-scenarios.ts in headless Chromium';
const RECORDED_WITH_FAKE_GOOGLE =
  'google mode against the fake Google (as npm run start:fake-google runs it), driven by scripts/record-scenarios.ts in headless Chromium';
/** How files name the fake Google's origin (its port changes from run to run). */
const FAKE_GOOGLE_ORIGIN = 'http://fake-google.test/';
const SESSION_SECRET_BYTES = 48;

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** dist/client when it is newer than the client's sources, else a fresh build in a temp folder
 * (never overwriting dist/client, which other tools may be serving). */
export function clientDir(workDir: string): string {
  const sources = ['src/client', 'src/contract', 'src/scenarioFormat', 'public'].map((folder) =>
    newestMtime(path.join(root, folder)),
  );
  if (existsSync(clientIndex) && statSync(clientIndex).mtimeMs > Math.max(...sources)) {
    return path.dirname(clientIndex);
  }
  return buildClientInto(path.join(workDir, 'client'));
}

/** The first recording made since `openedAt`: the opened page's, even when a reload started another. */
async function readRecording(page: Page, openedAt: number): Promise<Scenario> {
  const stored = await page.evaluate(
    (keys) => [sessionStorage.getItem(keys.current), sessionStorage.getItem(keys.previous)],
    SCENARIO_STORAGE_KEYS,
  );
  const recordings = stored
    .flatMap((raw) => (raw === null ? [] : [JSON.parse(raw) as StoredRecording]))
    .map((recording) => recording.scenario)
    .filter((scenario) => scenario.start.clock.start >= openedAt)
    .sort((a, b) => a.start.clock.start - b.start.clock.start);
  const first = recordings[0];
  if (!first) throw new Error('The recording of this journey was not found in session storage');
  return first;
}

/** The fake Google listens on a free port; files name it by one origin, so a new recording of the
 * same journey differs only where the portal's behaviour did. */
function withStableFakeOrigin(scenario: Scenario, rootUrl: string): Scenario {
  const text = JSON.stringify(scenario).split(rootUrl).join(FAKE_GOOGLE_ORIGIN);
  return JSON.parse(text) as Scenario;
}

export interface RecordOptions {
  /** Pseudonymise addresses and ids (docs/scenarios.md); the demo data is kept only when asked. */
  pseudonymise: boolean;
}

export async function recordJourney(
  browser: Browser,
  workDir: string,
  client: string,
  journey: Journey,
  options: RecordOptions,
) {
  // Google mode: a fresh fake Google per journey, and the portal pointed at it as
  // `npm run start:fake-google` does.
  const fake =
    journey.provider === 'google' ? await startFakeGoogle({ dns: true, dnsPort: 0 }) : null;
  const portal = await startPortalProcess({
    entry: 'start',
    dataDir: path.join(workDir, `data-${journey.name}`),
    readyTimeoutMs: SERVER_READY_TIMEOUT_MS,
    env: {
      ...(fake ? fakeGoogleEnv(fake, randomBytes(SESSION_SECRET_BYTES).toString('base64url')) : {}),
      PORTAL_CLIENT_DIR: client,
      PORTAL_RECORDING: 'true',
    },
  }).catch(async (error: unknown) => {
    await fake?.close();
    throw error;
  });
  const context = await browser.newContext();
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    let openedAt: number | null = null;
    const session: Session = {
      portal,
      browser,
      context,
      page,
      async open(url) {
        // The page may leave at once (a stored session for the help desk), so nothing is awaited here.
        openedAt = Date.now();
        await page.goto(`${portal.origin}${url}`);
      },
    };
    await journey.run(session);
    await quiet(page);
    if (openedAt === null) throw new Error('The journey never opened the portal with recording on');
    // The page already replaced the secrets; pseudonyms are added here unless the data is kept.
    const recorded = createRedaction().apply(await readRecording(page, openedAt), {
      pseudonymiseEmails: options.pseudonymise,
      pseudonymiseIds: options.pseudonymise,
    });
    const scenario: Scenario = {
      $schema: '../../scenarioFormat/scenario.schema.json',
      ...(fake ? withStableFakeOrigin(recorded, fake.rootUrl) : recorded),
      title: journey.title,
      recordedWith: fake ? RECORDED_WITH_FAKE_GOOGLE : RECORDED_WITH,
    };
    const file = path.join(libraryDir, `${journey.name}.json`);
    parseScenario(scenario, file);
    writeFileSync(file, `${JSON.stringify(scenario, null, 2)}\n`);
    console.log(`recorded ${path.relative(root, file)} (${scenario.steps.length} steps)`);
  } finally {
    await context.close();
    await portal.stop();
    await fake?.close();
  }
}
