import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The repository stands alone: comments and docs cite its own documents (docs/behaviour.md,
// docs/api.md, docs/architecture.md, docs/security.md …), never a document outside it.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SELF = path.relative(ROOT, __filename);

// The patterns and examples are assembled from pieces, so this file does not itself hold the
// citations it looks for.
const SECTION = '\u00a7';

/** Each pattern names a document that is not in the repository. */
const OUTSIDE_CITATIONS: [RegExp, string][] = [
  [new RegExp(`\\bcontract ${SECTION}`), 'the contract document'],
  [new RegExp(`\\bspec ${SECTION}`, 'i'), 'the product spec'],
  [/\bthe spec(ification)?\b/i, 'the product spec'],
  [new RegExp(['\\biss', 'ue (item )?\\d'].join('')), 'an issue'],
  [/\bstyle\.md\b/, 'a style guide'],
  [/bulletproof-react/i, 'bulletproof-react'],
  [/\bapp\/services\.ts\b/, 'a module that does not exist'],
  [new RegExp(['', 'work', 'shared', ''].join('/')), "this machine's spec folder"],
  [/(\.\.\/)+shared\/|\bdesign\/contract\.md\b/, 'the design folder beside the repository'],
];

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json)$/.test(file))
    .filter((file) => file !== SELF && !file.startsWith('src/scenarios/library/'));
}

it('no file cites a document outside the repository', () => {
  const files = trackedTextFiles();
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const [pattern, what] of OUTSIDE_CITATIONS) {
        if (pattern.test(line)) found.push(`${file}:${index + 1} cites ${what}: ${line.trim()}`);
      }
    });
  }
  expect(found).toEqual([]);
});

it('would catch such a citation', () => {
  const caught = (line: string) => OUTSIDE_CITATIONS.some(([pattern]) => pattern.test(line));
  expect(caught(`// The error envelope (contract ${SECTION}2).`)).toBe(true);
  expect(caught(`// Route guards of spec ${SECTION}2.`)).toBe(true);
  expect(
    caught(["/** 'Licenses Added Succesfully!' with the sp", "ec's spelling. */"].join('')),
  ).toBe(true);
  expect(caught(['// Security headers (iss', 'ue 3, "Must show" 1).'].join(''))).toBe(true);
  expect(caught(['// Typed hooks only (style', '.md).'].join(''))).toBe(true);
  expect(
    caught(['The API as implemented (', '..', '/shared', '/design/contract', '.md).'].join('')),
  ).toBe(true);
  expect(caught('// The error envelope (docs/api.md, Error envelope).')).toBe(false);
});

it('every document of docs/ that a file cites is in the repository', () => {
  const tracked = new Set(
    execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n'),
  );
  const missing = new Set<string>();
  for (const file of trackedTextFiles()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const [cited] of text.matchAll(/\bdocs\/[\w-]+\.md\b/g)) {
      if (!tracked.has(cited)) missing.add(`${cited} (cited in ${file})`);
    }
  }
  expect([...missing]).toEqual([]);
});

const BEHAVIOUR = 'docs/behaviour.md';

/** The sections ('## 4. Flows' is 4) and items ('- **4.15**' is 4.15) docs/behaviour.md numbers. */
function behaviourNumbers(text: string): Set<string> {
  const sections = [...text.matchAll(/^## (\d+)\. /gm)].map(([, section]) => section ?? '');
  const items = [...text.matchAll(/^- \*\*(\d+\.\d+)\*\*/gm)].map(([, item]) => item ?? '');
  return new Set([...sections, ...items]);
}

/** Every number a 'docs/behaviour.md 4.17–4.20, 8.8' citation names, ranges by both ends. */
function citedBehaviourNumbers(text: string): string[] {
  const citation = new RegExp(
    `${BEHAVIOUR.replace('.', '\\.')}\`? (\\d+(?:\\.\\d+)?(?:(?:, |–| and )\\d+(?:\\.\\d+)?)*)`,
    'g',
  );
  return [...text.matchAll(citation)].flatMap(([, numbers]) => (numbers ?? '').split(/, |–| and /));
}

it('every docs/behaviour.md number a file cites names a section or item that exists', () => {
  const numbered = behaviourNumbers(readFileSync(path.join(ROOT, BEHAVIOUR), 'utf8'));
  expect(numbered.has('4.15')).toBe(true);
  const dangling = new Set<string>();
  for (const file of trackedTextFiles()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const cited of citedBehaviourNumbers(text)) {
      if (!numbered.has(cited)) dangling.add(`${BEHAVIOUR} ${cited} (cited in ${file})`);
    }
  }
  expect([...dangling]).toEqual([]);
});

/** Sections cited by a name that is not the section's title ('docs/behaviour.md 4 On load'). */
function misnamedSections(text: string, titles: Map<string, string>): string[] {
  const named = new RegExp(`${BEHAVIOUR.replace('.', '\\.')} (\\d+),? ([A-Z][^),;:.'"]*)`, 'g');
  return [...text.matchAll(named)]
    .filter(([, section = '', name = '']) => !name.startsWith(titles.get(section) ?? '\0'))
    .map(([citation]) => citation);
}

function sectionTitles(text: string): Map<string, string> {
  return new Map(
    [...text.matchAll(/^## (\d+)\. (.+)$/gm)].map(([, section = '', title = '']) => [
      section,
      title,
    ]),
  );
}

it('every docs/behaviour.md section cited by name is cited by its own title', () => {
  const titles = sectionTitles(readFileSync(path.join(ROOT, BEHAVIOUR), 'utf8'));
  const misnamed = trackedTextFiles().flatMap((file) =>
    misnamedSections(readFileSync(path.join(ROOT, file), 'utf8'), titles).map(
      (citation) => `${citation} (in ${file})`,
    ),
  );
  expect(misnamed).toEqual([]);
});

it('reads every number of a citation', () => {
  expect(citedBehaviourNumbers(`(${BEHAVIOUR} 4.17–4.20, 8.8 and 9)`)).toEqual([
    '4.17',
    '4.20',
    '8.8',
    '9',
  ]);
  expect(citedBehaviourNumbers(`(${BEHAVIOUR} 2 Dashboard)`)).toEqual(['2']);
  const titles = new Map([['4', 'Flows']]);
  expect(misnamedSections(`(${BEHAVIOUR} 4 On load)`, titles)).toHaveLength(1);
  expect(misnamedSections(`(${BEHAVIOUR} 4, Flows)`, titles)).toEqual([]);
});
