// Jest reporter: after a run that replayed scenarios, writes the HTML report of the run when a
// scenario failed (or when SCENARIO_REPORT names a file, as `npm run scenarios -- --report` does)
// and prints its path, so a failing CI log links to it (docs/scenarios.md, The report).
const fs = require('node:fs');
const path = require('node:path');
const tsx = require('tsx/cjs/api');

/** Set by `npm run scenarios -- --report [file]`: write the report even when everything passed. */
const REPORT_ENV = 'SCENARIO_REPORT';

class ScenarioReportReporter {
  constructor() {
    this.results = tsx.require('../src/scenarios/report/runResults.ts', __filename);
  }

  onRunStart() {
    // Results (and the report) of an earlier run must not show up as this run's.
    this.results.clearRunResults();
    const { DEFAULT_REPORT_FILE } = tsx.require(
      '../src/scenarios/report/htmlReport.ts',
      __filename,
    );
    fs.rmSync(DEFAULT_REPORT_FILE, { force: true });
  }

  onRunComplete() {
    const runs = this.results.readRunResults();
    if (runs.length === 0) return;
    const failed = runs.filter((run) => !run.verdict.passed).length;
    const wanted = process.env[REPORT_ENV];
    if (failed === 0 && !wanted) return;
    const { writeReport } = tsx.require('../src/scenarios/report/htmlReport.ts', __filename);
    const file = writeReport(runs, wanted && wanted !== 'true' ? path.resolve(wanted) : undefined);
    const shown = path.relative(process.cwd(), file) || file;
    const summary = failed === 0 ? 'all replays passed' : `${failed} replay(s) failed`;
    process.stdout.write(`\nScenario report (${summary}): ${shown}\n`);
  }
}

module.exports = ScenarioReportReporter;
