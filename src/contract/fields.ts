import { Type, type Static, type TSchemaOptions, type TUnsafe } from 'typebox';
import { EMAIL_MAX_LENGTH } from './limits';

// Building blocks of the API's schemas (docs/api.md): each field kind is written once here.

/** Customer and subscription ids are short opaque strings (Reseller API ids are under 64 chars). */
export const ID_MAX_LENGTH = 128;

/** An address as a request carries it; its rule (src/contract/email.ts) is the handler's 400. */
export const emailField = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH });
export const idField = Type.String({ minLength: 1, maxLength: ID_MAX_LENGTH });
/** A count of licences in an answer: a whole number, never negative. */
export const seatCount = Type.Integer({ minimum: 0 });

/** Text or null, as one JSON type list, so the answer's serializer needs no validator for it. */
export function nullableText(options: TSchemaOptions = {}): TUnsafe<string | null> {
  return Type.Unsafe<string | null>({ ...options, type: ['string', 'null'] });
}

/** A change to a delegate list (docs/api.md, POST /api/licence-delegate). */
export const DELEGATE_ACTIONS = ['add', 'delete'] as const;
export const DelegateAction = Type.Enum(DELEGATE_ACTIONS, { type: 'string' });
export type DelegateAction = Static<typeof DelegateAction>;
