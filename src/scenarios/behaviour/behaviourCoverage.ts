import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scenario } from '../../scenarioFormat/scenario';
import { BEHAVIOUR_MAP } from './behaviourMap';

// Which scenarios exercise which flow and error branch of docs/behaviour.md, and what no scenario
// exercises (`npm run scenarios -- --coverage`).

const ROOT = path.resolve(__dirname, '..', '..', '..');
export const BEHAVIOUR_DOC = path.join(ROOT, 'docs', 'behaviour.md');
/** The sections whose every item must be exercised by a scenario. */
export const COVERED_SECTIONS = ['Flows', 'Error catalogue'];

const MAX_FILES_SHOWN = 4;

/**
 * Items the library is known not to exercise yet, each with why; reported as gaps, not problems.
 * An item listed here that a scenario does exercise is a problem, so the list cannot go stale.
 */
export const KNOWN_GAPS: Readonly<Record<string, string>> = {};

export interface BehaviourItem {
  number: string;
  section: string;
  /** The item's first sentence. */
  summary: string;
}

export interface ItemCoverage extends BehaviourItem {
  scenarios: string[];
}

export interface BehaviourCoverage {
  items: ItemCoverage[];
  /** Items no scenario exercises, items without a rule, rules without an item. */
  problems: string[];
}

/** The numbered items of the covered sections, in document order. */
export function behaviourItems(markdown: string): BehaviourItem[] {
  const items: BehaviourItem[] = [];
  let section: string | null = null;
  let current: { number: string; section: string; text: string } | null = null;
  const finish = () => {
    if (!current) return;
    const summary = (current.text.split(/(?<=[.:])\s/)[0] ?? current.text).replace(/[.:]$/, '');
    items.push({ number: current.number, section: current.section, summary });
    current = null;
  };
  for (const line of markdown.split('\n')) {
    const heading = /^## \d+\. (.+)$/.exec(line);
    const item = /^- \*\*(\d+\.\d+)\*\* (.+)$/.exec(line);
    if (heading || item || !line.startsWith('  ')) finish();
    if (heading) {
      section = COVERED_SECTIONS.includes(heading[1] as string) ? (heading[1] as string) : null;
    } else if (section && item) {
      current = { number: item[1] as string, section, text: item[2] as string };
    } else if (current && line.startsWith('  ')) {
      current.text += ` ${line.trim()}`;
    }
  }
  finish();
  return items;
}

export function behaviourCoverage(
  scenarios: readonly { file: string; scenario: Scenario }[],
  markdown = readFileSync(BEHAVIOUR_DOC, 'utf8'),
  map = BEHAVIOUR_MAP,
): BehaviourCoverage {
  const items = behaviourItems(markdown).map((item) => {
    const recognise = map[item.number];
    const covering = recognise
      ? scenarios.filter(({ scenario }) => recognise(scenario)).map(({ file }) => file)
      : [];
    return { ...item, scenarios: covering };
  });
  const problems: string[] = [];
  for (const item of items) {
    if (!map[item.number]) {
      problems.push(
        `${item.number} (${item.summary}) has no rule in src/scenarios/behaviour/behaviourMap.ts`,
      );
    } else if (item.scenarios.length === 0 && KNOWN_GAPS[item.number] === undefined) {
      problems.push(`${item.number} (${item.summary}) is exercised by no scenario`);
    } else if (item.scenarios.length > 0 && KNOWN_GAPS[item.number] !== undefined) {
      problems.push(`${item.number} is exercised now: remove it from KNOWN_GAPS`);
    }
  }
  const numbers = new Set(items.map((item) => item.number));
  for (const number of Object.keys(map)) {
    if (!numbers.has(number)) {
      problems.push(
        `${number} has a rule but no item in docs/behaviour.md (${COVERED_SECTIONS.join(', ')})`,
      );
    }
  }
  return { items, problems };
}

export function formatCoverage(coverage: BehaviourCoverage): string {
  const lines = ['Behaviour coverage (docs/behaviour.md → scenarios):'];
  let section = '';
  for (const item of coverage.items) {
    if (item.section !== section) {
      section = item.section;
      lines.push('', `${section}:`);
    }
    const mark = item.scenarios.length > 0 ? '✓' : '✗';
    lines.push(`  ${mark} ${item.number} ${item.summary}`);
    const shown = item.scenarios.slice(0, MAX_FILES_SHOWN);
    for (const file of shown) lines.push(`        ${path.basename(file)}`);
    if (item.scenarios.length > shown.length) {
      lines.push(`        … and ${item.scenarios.length - shown.length} more`);
    }
  }
  const covered = coverage.items.filter((item) => item.scenarios.length > 0).length;
  lines.push('', `${covered} of ${coverage.items.length} items exercised.`);
  if (coverage.problems.length > 0) {
    lines.push(
      `${coverage.problems.length} problem(s):`,
      ...coverage.problems.map((p) => `  ${p}`),
    );
  }
  return lines.join('\n');
}
