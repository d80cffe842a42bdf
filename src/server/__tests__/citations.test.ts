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
