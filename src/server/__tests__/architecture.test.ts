import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
    'src/server/providers/google/fakeGoogle.testing.ts',
    'src/client/test/fakeServices.ts',
  ]) {
    expect(text).toContain(`\`${where}`);
  }
});
