import path from 'node:path';
import ts from 'typescript';

// What `npm run build:server` compiles into dist/server: the entry points tsconfig.server.json names and
// every file they import (docs/architecture.md, Where things live). Tests, the fakes and their harnesses
// never ship, so none may be reachable from an entry point.

const root = path.resolve(__dirname, '../../..');

const NOT_SHIPPED = [
  /\/__tests__\//,
  /\.test\.tsx?$/,
  /^src\/testing\//,
  /^test\//,
  /^src\/scenarios\//,
];

let compiled: string[] | undefined;

function compiledFiles(): string[] {
  compiled ??= programFiles();
  return compiled;
}

function programFiles(): string[] {
  const configPath = path.join(root, 'tsconfig.server.json');
  const { config } = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath);
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return program
    .getSourceFiles()
    .map((file) => path.relative(root, file.fileName).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('node_modules/') && !file.startsWith('..'));
}

it('compiles no test, fake or test set-up into dist/server', () => {
  const files = compiledFiles();
  expect(files).toContain('src/server/main.ts');
  expect(files.filter((file) => NOT_SHIPPED.some((pattern) => pattern.test(file)))).toEqual([]);
});

// The release installs `dependencies` alone (docs/deploy.md, The release): whatever the built server
// loads must be there, and what only webpack bundles into the client must not.
const packageJson = JSON.parse(ts.sys.readFile(path.join(root, 'package.json')) ?? '{}') as {
  dependencies: Record<string, string>;
};
const BARE_SPECIFIER = /(?:require\(|import\(|from )\s*["']([^"'./][^"']*)["']/g;

function packagesNamed(code: string): string[] {
  return [...code.matchAll(BARE_SPECIFIER)]
    .map((match) => match[1] ?? '')
    .filter((specifier) => !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

/** The packages the compiled server requires: imports used as values only, as tsc emits them. */
function serverPackages(): Set<string> {
  // JSON modules (the sandbox's demo prices) require nothing.
  const sources = compiledFiles().filter((file) => /\.tsx?$/.test(file));
  const names = sources.flatMap((file) => {
    const source = ts.sys.readFile(path.join(root, file)) ?? '';
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    return packagesNamed(outputText);
  });
  return new Set(names);
}

function clientPackages(): Set<string> {
  const clientFiles = ts.sys
    .readDirectory(path.join(root, 'src/client'), ['.ts', '.tsx'])
    .filter((file) => !/\.test\.tsx?$|\/test\//.test(file));
  return new Set(clientFiles.flatMap((file) => packagesNamed(ts.sys.readFile(file) ?? '')));
}

it('lists every package the built server loads in dependencies, and no client-only library', () => {
  const server = serverPackages();
  const dependencies = Object.keys(packageJson.dependencies);
  expect(server).toContain('fastify');
  expect([...server].filter((name) => !dependencies.includes(name))).toEqual([]);
  const clientOnly = [...clientPackages()].filter((name) => !server.has(name));
  expect(clientOnly).toContain('react');
  expect(dependencies.filter((name) => clientOnly.includes(name))).toEqual([]);
});
