// `npm run api:openapi`: writes docs/openapi.json, the reseller API's OpenAPI description, from the
// contract's schemas (src/server/openapi.ts, docs/api.md, GET /api/reseller/events).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { OPENAPI_FILE, openApiJson } from '../src/server/openapi';

async function main(): Promise<void> {
  const file = path.resolve(__dirname, '..', OPENAPI_FILE);
  // Formatted as `npm run lint` checks it, so the generated file passes `prettier --check`.
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(openApiJson(), { ...options, filepath: file }));
  process.stdout.write(`${OPENAPI_FILE}: written\n`);
}

void main();
