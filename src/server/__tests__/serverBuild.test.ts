import path from 'node:path';
import ts from 'typescript';

// What `npm run build:server` compiles into dist/server: the files tsconfig.server.json includes and
// every file they import. Test and fake code never ships (docs/configuration-google.md), whether it comes back
// through the include list or through an import from production code.

const root = path.resolve(__dirname, '../../..');

const NOT_SHIPPED = [
  /\/__tests__\//,
  /\.test\.tsx?$/,
  /\.testing\.tsx?$/,
  /^src\/server\/testing\//,
  /\/fakeGoogle\//,
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

it('compiles no test, test-support or fake-Google file into dist/server', () => {
  const files = compiledFiles();
  expect(files).toContain('src/server/main.ts');
  expect(files.filter((file) => NOT_SHIPPED.some((pattern) => pattern.test(file)))).toEqual([]);
});
