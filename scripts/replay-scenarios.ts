// `npm run scenarios [options] [path|folder|glob …]` (docs/scenarios.md, Replaying):
//   (no options)        replays the chosen files (the library by default) through the screen and
//                       through the sagas with Jest, plus the tests that prove broken scenarios fail
//   --sagas-only        only the fast saga replay
//   --report [file.html] writes the run's HTML report (default test-results/scenarios/report.html)
//                       and prints its path; a failing run writes it anyway
//   --coverage          maps every flow and error branch of docs/behaviour.md to the scenarios that
//                       exercise it, and fails on one no scenario exercises (no replay)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { behaviourCoverage, formatCoverage } from '../src/scenarios/behaviour/behaviourCoverage';
import { findScenarioFiles, loadScenario, SCENARIOS_ENV } from '../src/scenarios/scenarioFiles';

const root = path.resolve(__dirname, '..');
const REPORT_ENV = 'SCENARIO_REPORT';

interface Options {
  patterns: string[];
  coverage: boolean;
  report: string | null;
  sagasOnly: boolean;
}

function parseOptions(args: readonly string[]): Options {
  const options: Options = { patterns: [], coverage: false, report: null, sagasOnly: false };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--coverage') options.coverage = true;
    else if (arg === '--sagas-only') options.sagasOnly = true;
    else if (arg === '--report') {
      const next = args[index + 1];
      if (next?.endsWith('.html')) {
        options.report = path.resolve(next);
        index += 1;
      } else options.report = 'true';
    } else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else options.patterns.push(arg);
  }
  return options;
}

function runCoverage(files: readonly string[]): number {
  const scenarios = files.map((file) => ({
    file: path.relative(root, file),
    scenario: loadScenario(file),
  }));
  const coverage = behaviourCoverage(scenarios);
  console.log(formatCoverage(coverage));
  return coverage.problems.length === 0 ? 0 : 1;
}

function runReplay(files: readonly string[], options: Options): number {
  console.log(`Replaying ${files.length} scenario file(s)…`);
  const jest = require.resolve('jest/bin/jest', { paths: [root] });
  const args = ['--selectProjects', 'scenarios'];
  if (!options.sagasOnly) args.push('scenarios-ui');
  // Chosen files: only the library replays, not the tests that edit library scenarios.
  if (options.patterns.length > 0) {
    args.push('--', 'src/scenarios/library.test.ts', 'src/scenarios/library.ui.test.tsx');
  }
  const env: NodeJS.ProcessEnv = { ...process.env, [SCENARIOS_ENV]: files.join(path.delimiter) };
  if (options.report) env[REPORT_ENV] = options.report;
  const result = spawnSync(process.execPath, [jest, ...args], { cwd: root, stdio: 'inherit', env });
  return result.status ?? 1;
}

function main() {
  const options = parseOptions(process.argv.slice(2));
  // Fails early, with the pattern, when nothing matches.
  const files = findScenarioFiles(options.patterns);
  process.exitCode = options.coverage ? runCoverage(files) : runReplay(files, options);
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
