// `npm run bench:scenarios [runs]`: replays the scenario library, repeated up to 1,000 runs (or the
// number given), through the real sagas and reducers, and prints runs per second (target ≥ 200).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { replayScenario } from '../src/scenarios/replayScenario';
import { findScenarioFiles, loadScenario } from '../src/scenarios/scenarioFiles';

const DEFAULT_RUNS = 1_000;
const TARGET_RUNS_PER_SECOND = 200;
const WARM_UP_RUNS = 50;
const MS_PER_SECOND = 1_000;

async function main() {
  const runs = Number(process.argv[2] ?? DEFAULT_RUNS);
  if (!Number.isInteger(runs) || runs <= 0)
    throw new Error(`Runs must be a positive integer, not ${process.argv[2]}`);
  const library = findScenarioFiles([]).map((file) => ({
    file: path.relative(process.cwd(), file),
    scenario: loadScenario(file),
  }));
  if (library.length === 0) throw new Error('The scenario library is empty.');

  // Warm the JIT on the same work, so the figure reflects steady replay speed.
  for (let run = 0; run < Math.min(WARM_UP_RUNS, runs); run += 1) {
    const { scenario, file } = library[run % library.length] as (typeof library)[number];
    await replayScenario(scenario, file);
  }

  let failed = 0;
  const started = performance.now();
  for (let run = 0; run < runs; run += 1) {
    const { scenario, file } = library[run % library.length] as (typeof library)[number];
    const verdict = await replayScenario(scenario, file);
    if (!verdict.passed) failed += 1;
  }
  const seconds = (performance.now() - started) / MS_PER_SECOND;
  const perSecond = runs / seconds;
  console.log(
    `${runs} runs of ${library.length} scenarios in ${seconds.toFixed(2)} s: ${perSecond.toFixed(0)} runs/s` +
      ` (target ≥ ${TARGET_RUNS_PER_SECOND})${failed > 0 ? `; ${failed} runs FAILED` : ''}`,
  );
  if (failed > 0 || perSecond < TARGET_RUNS_PER_SECOND) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
