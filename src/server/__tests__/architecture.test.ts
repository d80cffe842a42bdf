import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// docs/architecture.md, Where things live: a newcomer finds every top-level folder of src, scripts and
// test there, and where pre-rendering, the request deadline, the sandbox and the fakes live.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TOP_LEVEL = ['src', 'scripts', 'test'];

function architecture(): string {
  return readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
}

function topLevelFolders(): string[] {
  return TOP_LEVEL.flatMap((top) =>
    readdirSync(path.join(ROOT, top), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${top}/${entry.name}`),
  );
}

it('names every top-level folder of src, scripts and test', () => {
  const text = architecture();
  const folders = topLevelFolders();
  expect(folders).toContain('src/server');
  expect(folders.filter((folder) => !text.includes(`\`${folder}`))).toEqual([]);
});

it('says where pre-rendering, the request deadline, the sandbox and the fakes live', () => {
  const text = architecture();
  for (const where of [
    'src/client/prerender/cli.tsx',
    'src/server/deadline.ts',
    'src/server/providers/sandbox',
    'src/server/sandbox',
    'src/testing/fakeGoogle',
    'src/testing/providerContract.ts',
    'src/testing/server',
    'src/testing/client/fakeServices.ts',
  ]) {
    expect(text).toContain(`\`${where}`);
  }
});

/** The identifiers docs/architecture.md, Names, lets say license: fields and values not ours to rename. */
const NOT_OURS_TO_RENAME = new Set([
  'license',
  'licensedNumberOfSeats',
  'licensed_number_of_seats',
  'LICENSES_DESTINATION',
]);

function trackedCode(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', ...TOP_LEVEL], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file));
}

/** Every identifier of a source file that says license, in any case. */
function americanSpelt(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && /license/i.test(node.text)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("names identifiers licence, as docs/architecture.md's Names says", () => {
  const misnamed = trackedCode().flatMap((file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    // Only a file that says license anywhere is parsed, which keeps the test quick.
    if (!/license/i.test(text)) return [];
    return americanSpelt(file, text)
      .filter((name) => !NOT_OURS_TO_RENAME.has(name))
      .map((name) => `${name} (in ${file})`);
  });
  expect([...new Set(misnamed)]).toEqual([]);
});

it('finds an identifier that says license, and not a text on screen', () => {
  const code = "const AddLicensesForm = () => <p>Add Licenses</p>; const label = 'licenses';";
  expect(americanSpelt('form.tsx', code)).toEqual(['AddLicensesForm']);
});
