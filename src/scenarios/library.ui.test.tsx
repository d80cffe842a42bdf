import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { saveRunResult } from './report/runResults';
import { replayThroughScreen } from './replayThroughScreen';
import { chosenScenarioFiles, loadScenario } from './scenarioFiles';

// The library (or the files named through SCENARIOS) replayed through the real screen in jsdom:
// the person's recorded events done again, the screen's intents, calls, moves, checks and final
// state compared with the recording. The rate is printed at the end (docs/scenarios.md).
jest.setTimeout(60_000);

const files = chosenScenarioFiles();
let replayed = 0;
let spentMs = 0;

afterAll(() => {
  if (replayed === 0) return;
  const perSecond = replayed / (spentMs / 1_000);
  // The figure QA asked for: how fast the screen replay runs on this machine.
  process.stdout.write(
    `\nScreen replay: ${replayed} scenarios in ${(spentMs / 1_000).toFixed(1)} s, ${perSecond.toFixed(2)} runs/s\n`,
  );
});

describe.each(files.map((file) => [path.relative(process.cwd(), file), file]))(
  '%s',
  (shown, file) => {
    it('replays through the screen exactly as recorded', async () => {
      const scenario = loadScenario(file);
      const started = performance.now();
      const verdict = await replayThroughScreen(scenario, shown);
      const durationMs = performance.now() - started;
      replayed += 1;
      spentMs += durationMs;
      saveRunResult({ file: shown, scenario, verdict, durationMs });
      if (!verdict.passed) throw new Error(verdict.report);
      expect(verdict.report).toBe('');
    });
  },
);
