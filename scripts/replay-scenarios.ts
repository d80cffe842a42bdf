// `npm run scenarios [path|folder|glob …]`: replays scenario files through the real sagas with Jest.
// Without arguments: the whole library plus the tests that prove broken scenarios fail (as in
// `npm test`). With arguments: only the named files, e.g. 'src/scenarios/library/admin-*.json'.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findScenarioFiles, SCENARIOS_ENV } from '../src/scenarios/scenarioFiles';

const root = path.resolve(__dirname, '..');
const patterns = process.argv.slice(2);
// Fails early, with the pattern, when nothing matches.
const files = findScenarioFiles(patterns);
console.log(`Replaying ${files.length} scenario file(s)…`);

const jest = require.resolve('jest/bin/jest', { paths: [root] });
const args = ['--selectProjects', 'scenarios'];
if (patterns.length > 0) args.push('--', 'src/scenarios/library.test.ts');
const result = spawnSync(process.execPath, [jest, ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, [SCENARIOS_ENV]: files.join(path.delimiter) },
});
process.exitCode = result.status ?? 1;
