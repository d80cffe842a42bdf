import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../scenarioFormat/scenario';
import type { ReplayVerdict } from '../scenarioVerdict';

// Each replay leaves its result as a JSON file; the HTML report of the run is made from them
// (docs/scenarios.md, The report). Jest runs files in several workers, so files are the meeting place.

/** Overrides where results go (the default is test-results/scenarios/results). */
export const RESULTS_DIR_ENV = 'SCENARIO_RESULTS_DIR';
const ROOT = path.resolve(__dirname, '..', '..', '..');
export const DEFAULT_RESULTS_DIR = path.join(ROOT, 'test-results', 'scenarios', 'results');

export interface ScenarioRunResult {
  /** The file as shown (relative to the working directory). */
  file: string;
  scenario: Scenario;
  verdict: ReplayVerdict;
  durationMs: number;
}

export const resultsDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env[RESULTS_DIR_ENV] || DEFAULT_RESULTS_DIR;

const slug = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_');

export function saveRunResult(result: ScenarioRunResult, dir = resultsDir()): void {
  mkdirSync(dir, { recursive: true });
  const name = `${result.verdict.details.mode}--${slug(result.file)}.json`;
  writeFileSync(path.join(dir, name), JSON.stringify(result));
}

export function readRunResults(dir = resultsDir()): ScenarioRunResult[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as ScenarioRunResult);
}

export function clearRunResults(dir = resultsDir()): void {
  rmSync(dir, { recursive: true, force: true });
}
