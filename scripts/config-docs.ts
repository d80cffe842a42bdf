// `npm run config:docs`: writes README's configuration table, docs/configuration-google.md's and
// .env.example from the configuration schema (docs/architecture.md, Configuration).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ENV_EXAMPLE_FILE,
  GENERATED_SECTIONS,
  renderEnvExample,
  withSection,
} from '../src/server/configuration/configDocs';

const root = path.resolve(__dirname, '..');

for (const section of GENERATED_SECTIONS) {
  const file = path.join(root, section.file);
  writeFileSync(file, withSection(readFileSync(file, 'utf8'), section));
  process.stdout.write(`${section.file}: configuration table written\n`);
}
writeFileSync(path.join(root, ENV_EXAMPLE_FILE), renderEnvExample());
process.stdout.write(`${ENV_EXAMPLE_FILE}: written\n`);
