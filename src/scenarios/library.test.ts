import path from 'node:path';
import { replayScenario } from './replayScenario';
import { chosenScenarioFiles, loadScenario } from './scenarioFiles';

// The library (or the files named through SCENARIOS) replayed through the real sagas and reducers.
const files = chosenScenarioFiles();

describe.each(files.map((file) => [path.relative(process.cwd(), file), file]))(
  '%s',
  (shown, file) => {
    it('matches the schema and replays exactly as recorded', async () => {
      const scenario = loadScenario(file);
      const verdict = await replayScenario(scenario, shown);
      // The report is the readable diff; showing it as the failure message is the point.
      if (!verdict.passed) throw new Error(verdict.report);
      expect(verdict.report).toBe('');
    });
  },
);
