import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chosenScenarioFiles,
  findScenarioFiles,
  LIBRARY_DIR,
  SCENARIOS_ENV,
} from './scenarioFiles';

// `npm run scenarios <path|folder|glob>` picks files the way QA names them.
let folder: string;

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'scenario-files-'));
  mkdirSync(path.join(folder, 'nested'));
  for (const name of [
    'admin-a.json',
    'admin-b.json',
    'other.json',
    'notes.txt',
    'nested/admin-c.json',
  ]) {
    writeFileSync(path.join(folder, name), '{}');
  }
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const names = (files: string[]) => files.map((file) => path.relative(folder, file));

it('takes a file, a folder (recursively, .json only) or globs with * ** ?', () => {
  expect(names(findScenarioFiles(['other.json'], folder))).toEqual(['other.json']);
  expect(names(findScenarioFiles(['.'], folder))).toEqual([
    'admin-a.json',
    'admin-b.json',
    'nested/admin-c.json',
    'other.json',
  ]);
  expect(names(findScenarioFiles(['admin-*.json'], folder))).toEqual([
    'admin-a.json',
    'admin-b.json',
  ]);
  expect(names(findScenarioFiles(['**/admin-?.json'], folder))).toEqual([
    'admin-a.json',
    'admin-b.json',
    'nested/admin-c.json',
  ]);
});

it('names the pattern that matched nothing', () => {
  expect(() => findScenarioFiles(['missing.json'], folder)).toThrow(
    'No scenario file or folder at missing.json',
  );
  expect(() => findScenarioFiles(['zzz-*.json'], folder)).toThrow(
    'No scenario file matches zzz-*.json',
  );
});

it('defaults to the library, at least 30 recorded scenarios', () => {
  const library = chosenScenarioFiles({ [SCENARIOS_ENV]: '' });
  expect(library.length).toBeGreaterThanOrEqual(30);
  expect(library.every((file) => file.startsWith(LIBRARY_DIR))).toBe(true);
});
