import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RESELLER_API_ROUTES } from '../../testing/server/routeTable';
import { OPENAPI_FILE, openApiDocument } from '../openapi';

// docs/openapi.json is what the contract generates (docs/api.md, GET /api/reseller/events): content
// and key order here, its formatting by `prettier --check` in `npm run lint`.

const ROOT = path.resolve(__dirname, '..', '..', '..');

describe('the OpenAPI description of the reseller API', () => {
  const document = openApiDocument();

  it('is what the contract generates (run `npm run api:openapi` when it is not)', () => {
    const committed = JSON.parse(readFileSync(path.join(ROOT, OPENAPI_FILE), 'utf8')) as unknown;
    // Stringified again so a key moved, not only a value changed, counts as stale.
    expect(JSON.stringify(committed, null, 2)).toBe(JSON.stringify(document, null, 2));
  });

  it("describes every route of the reseller API's scope, HEAD being its GET", () => {
    const described = Object.entries(document.paths as Record<string, object>).flatMap(
      ([url, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const routes = RESELLER_API_ROUTES.filter((route) => !route.startsWith('HEAD '));
    expect(described.sort()).toEqual([...routes].sort());
  });

  it('asks for the bearer key on every operation, and answers its errors in the envelope', () => {
    for (const operations of Object.values(document.paths as Record<string, object>)) {
      for (const operation of Object.values(operations) as {
        security: unknown;
        responses: Record<string, { content: Record<string, { schema: unknown }> }>;
      }[]) {
        expect(operation.security).toEqual([{ resellerKey: [] }]);
        for (const status of ['400', '401', '429', 'default']) {
          expect(operation.responses[status]?.content['application/json']?.schema).toEqual({
            $ref: '#/components/schemas/ErrorEnvelope',
          });
        }
      }
    }
  });
});
