// `npm run scenarios:record [--keep-personal-data] [journey …]` (docs/scenarios.md, Recording):
// drives the real portal (PORTAL_RECORDING=true) in headless Chromium against the sandbox through
// the journeys of scripts/record-scenarios/, acting through the browser tests' page actions
// (test/e2e/support/pageActions.ts), and writes each recording to
// src/scenarios/library/<name>.json. Every journey gets a freshly seeded sandbox (its own server
// and data directory), so recordings never depend on the order they were made in.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../test/support/chromium';
import { delegateJourneys } from './record-scenarios/delegates';
import { historyJourneys } from './record-scenarios/history';
import { homeJourneys } from './record-scenarios/home';
import { licenceJourneys } from './record-scenarios/licences';
import type { Journey } from './record-scenarios/recordedPage';
import {
  clientDir,
  libraryDir,
  recordJourney,
  type RecordOptions,
} from './record-scenarios/recordJourney';
import { signInJourneys } from './record-scenarios/signIn';
import { startJourneys } from './record-scenarios/start';

// Every flow of docs/behaviour.md 4 and branch of 8, each role of 6.
const journeys: Journey[] = [
  ...homeJourneys,
  ...signInJourneys,
  ...startJourneys,
  ...licenceJourneys,
  ...delegateJourneys,
  ...historyJourneys,
];

/** The google-mode copies: the same person, the same screens, the real Google provider in the
 * server talking to the fake Google (docs/scenarios.md, Google mode). */
const googleJourneys: Journey[] = journeys
  .filter((journey) => journey.inGoogleMode)
  .map((journey) => ({
    ...journey,
    name: `google-${journey.name}`,
    title: `${journey.title} (google mode, fake Google)`,
    provider: 'google',
  }));
const allJourneys = [...journeys, ...googleJourneys];

async function main() {
  const args = process.argv.slice(2);
  const options: RecordOptions = { pseudonymise: !args.includes('--keep-personal-data') };
  const wanted = args.filter((arg) => !arg.startsWith('--'));
  const chosen =
    wanted.length === 0
      ? allJourneys
      : allJourneys.filter((journey) => wanted.includes(journey.name));
  if (chosen.length === 0) throw new Error(`No journey is named ${wanted.join(', ')}`);
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-scenarios-'));
  mkdirSync(libraryDir, { recursive: true });
  const browser = await launchChromium();
  const failures: string[] = [];
  try {
    const client = clientDir(workDir);
    for (const journey of chosen) {
      try {
        await recordJourney(browser, workDir, client, journey, options);
      } catch (error) {
        failures.push(journey.name);
        console.error(
          `FAILED ${journey.name}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  } finally {
    await browser.close();
    rmSync(workDir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`${failures.length} journey(s) failed: ${failures.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
