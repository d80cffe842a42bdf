import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_DOCS_COMMAND,
  ENV_EXAMPLE_FILE,
  GENERATED_SECTIONS,
  renderEnvExample,
  withSection,
} from './configDocs';
import { declaredVariables } from './schema';

// The configuration's documentation is the schema's: regenerated in memory, it must equal the files.

const ROOT = path.resolve(__dirname, '..', '..', '..');
const STALE = `is stale: run \`${CONFIG_DOCS_COMMAND}\` and commit the result`;

function read(file: string): string {
  return readFileSync(path.join(ROOT, file), 'utf8');
}

it.each(GENERATED_SECTIONS.map((section) => [section.file, section] as const))(
  "%s's configuration table is the schema's",
  (file, section) => {
    const text = read(file);
    if (withSection(text, section) !== text)
      throw new Error(`${file}'s configuration table ${STALE}.`);
  },
);

it(`${ENV_EXAMPLE_FILE} is the schema's`, () => {
  if (renderEnvExample() !== read(ENV_EXAMPLE_FILE)) {
    throw new Error(`${ENV_EXAMPLE_FILE} ${STALE}.`);
  }
});

it('documents every declared variable in one of the tables and in .env.example', () => {
  const tables = GENERATED_SECTIONS.map((section) => section.render()).join('\n');
  const example = renderEnvExample();
  for (const [name] of declaredVariables()) {
    expect(tables).toContain(`| \`${name}\``);
    expect(example).toContain(`# ${name}=`);
  }
});
