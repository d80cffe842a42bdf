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

function compiledFiles(): string[] {
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
