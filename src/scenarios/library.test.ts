import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { saveRunResult } from './report/runResults';
import { replayScenario } from './replayScenario';
import { chosenScenarioFiles, loadScenario } from './scenarioFiles';

// The library (or the files named through SCENARIOS) replayed through the real sagas and reducers.
const files = chosenScenarioFiles();

describe.each(files.map((file) => [path.relative(process.cwd(), file), file]))(
  '%s',
  (shown, file) => {
    it('matches the schema and replays through the sagas exactly as recorded', async () => {
      const scenario = loadScenario(file);
      const started = performance.now();
      const verdict = await replayScenario(scenario, shown);
      saveRunResult({ file: shown, scenario, verdict, durationMs: performance.now() - started });
      // The report is the readable diff; showing it as the failure message is the point.
      if (!verdict.passed) throw new Error(verdict.report);
      expect(verdict.report).toBe('');
    });
  },
);
