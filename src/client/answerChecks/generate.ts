import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { ANSWER_SCHEMAS } from './answerSchemas';

// Writes the client's answer checks from the contract's schemas (`npm run answer-checks`): Ajv's
// standalone code, made for pages whose CSP forbids eval (https://ajv.js.org/standalone.html).
// answerChecks.test.ts fails while the generated module is stale.

export const ANSWER_CHECKS_FILE = 'src/client/answerChecks/generated/answerChecks.ts';

const HEADER = [
  '// Generated from answerSchemas.ts by `npm run answer-checks`: do not edit.',
  "// Ajv's standalone validators, checked by answerChecks.test.ts.",
  '// @ts-nocheck',
].join('\n');

/** The module text: one exported check per answer, named as in ANSWER_SCHEMAS. */
export function answerChecksModule(): string {
  const ajv = new Ajv({
    code: { source: true, esm: true },
    // Only the contract's fields reach the state (docs/architecture.md, One definition per API shape).
    removeAdditional: 'all',
    discriminator: true,
    messages: false,
  });
  // The format checks the schemas name, written into the module as a require of ajv-formats.
  addFormats(ajv, ['date-time']);
  for (const [name, schema] of Object.entries(ANSWER_SCHEMAS)) ajv.addSchema(schema, name);
  const exports = Object.fromEntries(Object.keys(ANSWER_SCHEMAS).map((name) => [name, name]));
  return `${HEADER}\n${standaloneCode(ajv, exports)}\n`;
}
