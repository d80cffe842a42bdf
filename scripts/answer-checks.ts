// `npm run answer-checks`: writes the client's standalone answer checks from the contract's schemas
// (src/client/answerChecks/generate.ts, docs/architecture.md, One definition per API shape).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answerCheckFiles, GENERATED_FOLDER } from '../src/client/answerChecks/generate';

const root = path.resolve(__dirname, '..');

mkdirSync(path.join(root, GENERATED_FOLDER), { recursive: true });
for (const { file, text } of answerCheckFiles()) {
  writeFileSync(path.join(root, file), text);
  process.stdout.write(`${file}: written\n`);
}
