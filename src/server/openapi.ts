import type { TSchema } from 'typebox';
import { API_PATHS } from '../contract/api';
import { ErrorEnvelope } from '../contract/errorEnvelope';
import { ERROR_TEXT } from '../contract/errors';
import {
  RESELLER_EVENTS_PAGE_DEFAULT,
  RESELLER_EVENTS_PAGE_MAX,
  ResellerEventsPage,
  ResellerEventsQuery,
} from '../contract/endpoints';
import { SERVER_TEXT } from './messages';

// The reseller API's OpenAPI 3.1 description (docs/api.md, GET /api/reseller/events), built from the
// contract's TypeBox schemas, which are JSON Schema 2020-12 already, so a billing system's tooling
// reads the very shapes the route validates and serializes. `npm run api:openapi` writes it;
// src/server/__tests__/openapi.test.ts fails while the committed file is stale.

export const OPENAPI_FILE = 'docs/openapi.json';

/** The description's own version: raise it when the reseller API's contract changes. */
const DESCRIPTION_VERSION = '1.0.0';
const SECURITY_SCHEME = 'resellerKey';

/** What each query parameter means (docs/api.md, GET /api/reseller/events): one per schema field. */
const EVENTS_QUERY_TEXT: Readonly<Record<string, string>> = {
  after:
    "Digits: the previous answer's `next`; absent or `0` reads from the first event. Not digits: 400.",
  limit: `Digits: events per answer, 1–${RESELLER_EVENTS_PAGE_MAX} (default ${RESELLER_EVENTS_PAGE_DEFAULT}). Otherwise: 400.`,
};

/** The schema as plain JSON: TypeBox's own markers are not enumerable and stay behind. */
function jsonSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
}

/** The query parameters of an object schema, each with its text; a field without one is an error. */
function queryParameters(
  schema: TSchema & { properties?: Record<string, TSchema>; required?: string[] },
  texts: Readonly<Record<string, string>>,
): Record<string, unknown>[] {
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const description = texts[name];
    if (description === undefined) throw new Error(`No description for the query field ${name}`);
    return {
      name,
      in: 'query',
      required: (schema.required ?? []).includes(name),
      description,
      schema: jsonSchema(property),
    };
  });
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** An error answer: the envelope (docs/api.md, Error envelope), its example the server's own text. */
function errorAnswer(
  description: string,
  example: { code: number; status: string; message: string } | null,
  headers: Record<string, unknown> = {},
) {
  return {
    description,
    headers: {
      'Cache-Control': header('CacheControl'),
      'X-Request-Id': header('RequestId'),
      ...headers,
    },
    content: {
      'application/json': {
        schema: ref('ErrorEnvelope'),
        ...(example === null ? {} : { example: { error: example } }),
      },
    },
  };
}

/** The OpenAPI 3.1 document of the reseller API, in a fixed key order. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Workspace reseller portal: reseller API',
      version: DESCRIPTION_VERSION,
      description:
        'For the reseller’s billing systems, not for customers (docs/api.md, GET /api/reseller/events). Generated from src/contract by `npm run api:openapi`: do not edit.',
    },
    paths: {
      [API_PATHS.resellerEvents]: {
        get: {
          operationId: 'listResellerEvents',
          summary: 'The events the portal wrote, oldest first by sequence',
          description:
            'Each event is the very body the webhook POSTs (docs/notifications.md, Events), delivered or not. Call again with `after=<next>` until `events` is empty; deduplicate by `id`. Every request counts against RATE_LIMIT_PER_ADDRESS, with or without a valid key.',
          security: [{ [SECURITY_SCHEME]: [] }],
          parameters: queryParameters(ResellerEventsQuery, EVENTS_QUERY_TEXT),
          responses: {
            '200': {
              description: 'A page of events and the cursor of the next one.',
              headers: {
                'Cache-Control': header('CacheControl'),
                'X-Request-Id': header('RequestId'),
              },
              content: { 'application/json': { schema: ref('ResellerEventsPage') } },
            },
            '400': errorAnswer(
              '`after` or `limit` not digits or out of range, or an unknown field.',
              {
                code: 400,
                status: 'INVALID_ARGUMENT',
                message: SERVER_TEXT.invalidEventsLimit,
              },
            ),
            '401': errorAnswer(
              'No `Authorization: Bearer` key, a key not in RESELLER_API_KEYS, or none set.',
              { code: 401, status: 'UNAUTHENTICATED', message: ERROR_TEXT.unauthenticated },
              {
                'WWW-Authenticate': {
                  description: 'Always `Bearer`.',
                  schema: { type: 'string', const: 'Bearer' },
                },
              },
            ),
            '429': errorAnswer('Over RATE_LIMIT_PER_ADDRESS, wrong keys included.', null, {
              'Retry-After': {
                description: 'Seconds until the address may call again.',
                schema: { type: 'integer', minimum: 0 },
              },
            }),
            default: errorAnswer('Any other error, in the same envelope (docs/api.md).', null),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'One of RESELLER_API_KEYS (README, Configuration), compared in constant time and never logged (docs/security.md, The reseller API).',
        },
      },
      headers: {
        CacheControl: {
          description: 'Every /api answer, errors included, is `no-store`.',
          schema: { type: 'string', const: 'no-store' },
        },
        RequestId: {
          description: 'The id on every log line of the request, and in a 5xx message.',
          schema: { type: 'string' },
        },
      },
      schemas: {
        ResellerEventsPage: jsonSchema(ResellerEventsPage),
        ErrorEnvelope: jsonSchema(ErrorEnvelope),
      },
    },
  };
}

/** The file's text before Prettier formats it: two spaces, a trailing newline. */
export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
