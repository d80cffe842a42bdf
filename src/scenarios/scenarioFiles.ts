import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../scenarioFormat/scenario';
import { parseScenario } from './validateScenario';

// Which scenario files to replay: the library by default, or paths, folders and globs QA names.
export const LIBRARY_DIR = path.join(__dirname, 'library');
/** Environment variable through which `npm run scenarios <path|glob>` hands its choice to Jest. */
export const SCENARIOS_ENV = 'SCENARIOS';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** A glob ('*' within a name, '**' across folders, '?' one character) as a regular expression. */
function globPattern(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const character = glob[index] as string;
    if (character === '*' && glob[index + 1] === '*') {
      source += '.*';
      index += glob[index + 2] === '/' ? 2 : 1;
    } else if (character === '*') source += '[^/]*';
    else if (character === '?') source += '[^/]';
    else source += character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The longest leading part of a glob without wildcards: where to start looking. */
function globBase(glob: string): string {
  const parts = glob.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (/[*?]/.test(part)) break;
    fixed.push(part);
  }
  return fixed.join('/') || '.';
}

/** Scenario files named by paths, folders or globs (relative to `cwd`), sorted; the library when none. */
export function findScenarioFiles(patterns: readonly string[], cwd = process.cwd()): string[] {
  if (patterns.length === 0) return filesUnder(LIBRARY_DIR).sort();
  const found = new Set<string>();
  for (const pattern of patterns) {
    const full = path.resolve(cwd, pattern);
    if (!/[*?]/.test(pattern)) {
      if (!existsSync(full)) throw new Error(`No scenario file or folder at ${pattern}`);
      for (const file of statSync(full).isDirectory() ? filesUnder(full) : [full]) found.add(file);
      continue;
    }
    const base = path.resolve(cwd, globBase(pattern));
    const matcher = globPattern(full.split(path.sep).join('/'));
    const candidates = existsSync(base) ? filesUnder(base) : [];
    const matches = candidates.filter((file) => matcher.test(file.split(path.sep).join('/')));
    if (matches.length === 0) throw new Error(`No scenario file matches ${pattern}`);
    for (const file of matches) found.add(file);
  }
  return [...found].sort();
}

/** The files chosen through SCENARIOS (separated by the path delimiter), else the library. */
export function chosenScenarioFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  const chosen = env[SCENARIOS_ENV];
  return findScenarioFiles(chosen ? chosen.split(path.delimiter).filter(Boolean) : []);
}

/** Reads and validates one file against the schema. */
export function loadScenario(file: string): Scenario {
  const shown = path.relative(process.cwd(), file) || file;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${shown} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseScenario(parsed, shown);
}
