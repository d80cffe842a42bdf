import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// docs/architecture.md, Where things live: a newcomer finds every top-level folder of src, scripts and
// test there, and where pre-rendering, the request deadline, the sandbox and the fakes live; the
// server's folders are the shape it describes (plugins/, routes/open, routes/signed-in,
// routes/reseller-api, routes/console).

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
    'src/server/plugins/deadline.ts',
    'src/server/plugins',
    'src/server/routes/open',
    'src/server/routes/signed-in',
    'src/server/routes/reseller-api',
    'src/server/routes/console',
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

const SERVER = path.join(ROOT, 'src', 'server');

/** The non-test modules of a folder of src/server. */
function modulesOf(folder: string): string[] {
  return readdirSync(path.join(SERVER, folder))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(SERVER, folder, file));
}

/** Every non-test module of src/server, at any depth. */
function serverModules(folder = ''): string[] {
  return readdirSync(path.join(SERVER, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : serverModules(relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
      ? [path.join(SERVER, relative)]
      : [];
  });
}

/** The functions a module exports. */
function exportedFunctions(file: string): unknown[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each route module, by its path
  const loaded = require(file) as Record<string, unknown>;
  return Object.values(loaded).filter((value) => typeof value === 'function');
}

describe("the server's folders (docs/architecture.md, Layers)", () => {
  it("registers every route family of routes/open, routes/signed-in, routes/reseller-api and routes/console in its folder's scope", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folders' lists, as app.ts takes them
    const open = require('../routes/open') as { probes: unknown[]; openRoutes: unknown[] };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folders' lists, as app.ts takes them
    const signedIn = require('../routes/signed-in') as { signedInRoutes: unknown[] };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folders' lists, as app.ts takes them
    const resellerApi = require('../routes/reseller-api') as { resellerApiRoutes: unknown[] };
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the folders' lists, as app.ts takes them
    const staff = require('../routes/console') as {
      consoleSignInRoutes: unknown[];
      consoleRoutes: unknown[];
    };
    const scopes = {
      open: [...open.probes, ...open.openRoutes],
      'signed-in': signedIn.signedInRoutes,
      'reseller-api': resellerApi.resellerApiRoutes,
      console: [...staff.consoleSignInRoutes, ...staff.consoleRoutes],
    };
    for (const [folder, registered] of Object.entries(scopes)) {
      const families = modulesOf(path.join('routes', folder))
        .filter((file) => path.basename(file) !== 'index.ts')
        .flatMap(exportedFunctions);
      expect(families.length).toBeGreaterThan(0);
      expect(new Set(families)).toEqual(new Set(registered));
    }
  });

  it('declares API routes only in routes/open, routes/signed-in, routes/reseller-api and routes/console', () => {
    const routeFolders = ['open', 'signed-in', 'reseller-api', 'console'].map((folder) =>
      path.join(SERVER, 'routes', folder),
    );
    const declaring = serverModules().filter((file) =>
      /\.(get|post|put|patch|delete|route)\(\s*API_PATHS\./.test(readFileSync(file, 'utf8')),
    );
    expect(declaring.length).toBeGreaterThan(0);
    expect(
      declaring
        .filter((file) => !routeFolders.includes(path.dirname(file)))
        .map((file) => path.relative(ROOT, file)),
    ).toEqual([]);
  });

  it('registers every plugin of src/server/plugins in the app or its scopes', () => {
    const registering = ['app.ts', path.join('routes', 'scopes.ts')]
      .map((file) => readFileSync(path.join(SERVER, file), 'utf8'))
      .join('\n');
    const plugins = modulesOf('plugins').flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/^export const (\w+) = fp[<(]/gm)].map((match) => match[1]);
    });
    expect(plugins.length).toBeGreaterThanOrEqual(7);
    expect(plugins.filter((name) => !registering.includes(`register(${name}`))).toEqual([]);
  });
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

it('boots the client as it says: index.tsx imports the boot alone, each feature owns its dialogs', () => {
  const text = architecture();
  const client = path.join(ROOT, 'src', 'client');
  const index = readFileSync(path.join(client, 'index.tsx'), 'utf8');
  expect([...index.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual(['./boot']);
  expect(text).toContain('`index.tsx` imports `boot.tsx` and nothing else');
  const dialogs = readdirSync(path.join(client, 'features'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /Dialogs\.tsx$/.test(file))
    .map((file) => path.basename(file));
  expect(dialogs.length).toBeGreaterThan(0);
  for (const file of dialogs) expect(text).toContain(`\`${file}\``);
  expect(readdirSync(path.join(client, 'app')).filter((file) => /Dialog/.test(file))).toEqual([]);
});
