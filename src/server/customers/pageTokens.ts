import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CustomerSearch } from './customerSearch';
import { CUSTOMER_SORT_FIELDS, SORT_ORDERS } from '../../contract/customerList';

// The customers' list's page tokens (docs/api.md, GET /api/reseller/customers): opaque to the console,
// signed with the session secret so any instance reads any instance's token and an edited one is
// refused; each carries its whole search, so the next page is the same search's.

const TOKEN_VERSION = 1;
const MAC_BYTES = 16;

interface TokenBody {
  v: number;
  q: string;
  s: string;
  o: string;
  n: number;
  l: number;
}

export interface PageTokens {
  encode(search: CustomerSearch): string;
  /** The search the token was given for, or null when this server did not give it as it is. */
  decode(token: string): CustomerSearch | null;
}

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export function createPageTokens(secret: string): PageTokens {
  const key = createHmac('sha256', secret).update('customers page token').digest();
  const macOf = (body: string) =>
    createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  return {
    encode({ prefix, sort, order, offset, limit }) {
      const body: TokenBody = {
        v: TOKEN_VERSION,
        q: prefix,
        s: sort,
        o: order,
        n: offset,
        l: limit,
      };
      const text = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `${text}.${macOf(text).toString('base64url')}`;
    },
    decode(token) {
      const [text, mac, ...rest] = token.split('.');
      if (text === undefined || mac === undefined || rest.length > 0) return null;
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, macOf(text))) return null;
      let body: Partial<TokenBody>;
      try {
        body = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<TokenBody>;
      } catch {
        return null;
      }
      const sort = CUSTOMER_SORT_FIELDS.find((field) => field === body.s);
      const order = SORT_ORDERS.find((name) => name === body.o);
      if (body.v !== TOKEN_VERSION || typeof body.q !== 'string') return null;
      if (sort === undefined || order === undefined || !isWhole(body.n) || !isWhole(body.l)) {
        return null;
      }
      return { prefix: body.q, sort, order, offset: body.n, limit: body.l };
    },
  };
}
