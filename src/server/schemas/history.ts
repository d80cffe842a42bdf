import { HISTORY_KINDS, HISTORY_STATES } from '../../contract/history';
import { idField } from './common';

/** Entries per page of GET /api/history (src/contract/history.ts). */
export const HISTORY_PAGE_DEFAULT = 20;
export const HISTORY_PAGE_MAX = 100;
/** A cursor is a short opaque token; anything longer was not given by this server. */
const CURSOR_MAX_LENGTH = 64;
/** Digits of a limit; the value itself is checked in the handler (query strings are text). */
const LIMIT_MAX_LENGTH = 16;

const historyEntry = {
  type: 'object',
  required: ['id', 'at', 'actor', 'requestId', 'state', 'kind'],
  properties: {
    id: { type: 'string' },
    at: { type: 'string' },
    actor: { type: 'string' },
    requestId: { type: 'string' },
    state: { type: 'string', enum: HISTORY_STATES },
    kind: { type: 'string', enum: HISTORY_KINDS },
    before: { type: 'integer' },
    after: { type: 'integer' },
    action: { type: 'string', enum: ['add', 'delete'] },
    member: { type: 'string' },
  },
} as const;

// GET /api/history?customer=&kind=&cursor=&limit=
export const historySchema = {
  querystring: {
    type: 'object',
    required: ['customer'],
    additionalProperties: false,
    properties: {
      customer: idField,
      kind: { type: 'string', enum: HISTORY_KINDS },
      cursor: { type: 'string', minLength: 1, maxLength: CURSOR_MAX_LENGTH },
      limit: { type: 'string', minLength: 1, maxLength: LIMIT_MAX_LENGTH },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['entries', 'nextCursor'],
      properties: {
        entries: { type: 'array', items: historyEntry },
        nextCursor: { type: ['string', 'null'] },
      },
    },
  },
} as const;
