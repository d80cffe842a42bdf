// `npm run answer-checks`: writes the client's standalone answer checks from the contract's schemas
// (src/client/answerChecks/generate.ts, docs/architecture.md, One definition per API shape).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ANSWER_CHECKS_FILE, answerChecksModule } from '../src/client/answerChecks/generate';

const file = path.resolve(__dirname, '..', ANSWER_CHECKS_FILE);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, answerChecksModule());
process.stdout.write(`${ANSWER_CHECKS_FILE}: written\n`);
