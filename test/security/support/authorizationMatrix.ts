// The authorization matrix of docs/security.md: one row per endpoint of the app's route table, one
// column per caller, and the fields of each endpoint an attacker can point at another customer's
// data. A route without a row fails the suite; a HEAD route is called with its GET row. Adding an
// endpoint is one row here; adding a kind of caller is one name in CALLERS and its setup in
// support/callers.ts.
import { TOKEN_HEADER } from '../../../src/contract/api';

export const CALLERS = [
  'anonymous',
  'expired',
  'tampered',
  // Signed in before an administrator replaced the account at its address (docs/security.md).
  'replaced admin',
  'plain user',
  'licence delegate',
  'support delegate',
  'admin',
  'admin of another customer',
  // The reseller console's staff (docs/security.md, The reseller's console), and a refused colleague.
  'reseller admin',
  'reseller support',
  'not reseller staff',
] as const;
export type Caller = (typeof CALLERS)[number];

/** Callers without a valid session or token: every endpoint that needs one answers 401 first. */
export const UNAUTHENTICATED: readonly Caller[] = ['anonymous', 'expired', 'tampered'];
/** Staff sessions, which every customer route refuses before reading a field. */
const STAFF: readonly Caller[] = ['reseller admin', 'reseller support'];

export type Tamper = 'customerId' | 'customer' | 'subscriptionId' | 'email';

export interface CustomerIds {
  customerId: string;
  subscriptionId: string;
  domain: string;
}

/** The two customers of the sandbox the matrix uses: ACME (annual plan) and Flex (Flexible plan). */
export const ACME: CustomerIds = {
  customerId: 'C0acme001',
  subscriptionId: 'sub-acme-001',
  domain: 'acme.example',
};
export const FLEX: CustomerIds = {
  customerId: 'C0flex001',
  subscriptionId: 'sub-flex-001',
  domain: 'flex.example',
};
/** A delegate address with a zero-width space: the delegate rule refuses it. */
export const HOSTILE_ADDRESS = 'admin\u200b@acme.example';

export interface RowContext {
  /** The caller's own address (the token's, for subscription-info). */
  email: string;
  /** The caller's own customer, and the other one, which a tampered field points at. */
  own: CustomerIds;
  foreign: CustomerIds;
  /** The caller's identity-provider token, when it has one (possibly expired or tampered). */
  token: string | null;
  /** The own customer's seat total just before the call. */
  seats: number;
  /** A fresh address for delegate adds, so each allowed add succeeds. */
  newcomer: string;
  tamper: Tamper | null;
}

export interface MatrixCall {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The four kinds of endpoint: open to all, signed in by an identity token, by the session, or the
 * reseller API's, by a billing system's key of RESELLER_API_KEYS, which no caller here holds
 * (docs/security.md, The reseller API).
 */
export type Auth = 'none' | 'token' | 'session' | 'key';

export interface MatrixRow {
  auth: Auth;
  /** Fields of this endpoint that point at data; each is tried tampered. */
  tamper: readonly Tamper[];
  request(context: RowContext): MatrixCall;
  /** Status of an untampered call, per caller. */
  expect: Record<Caller, number>;
  /** Status of a call with one field tampered, for the signed-in callers (see expectedStatus). */
  tampered: Partial<Record<Tamper, number | Partial<Record<Caller, number>>>>;
  /** A 200 that is not JSON (docs/api.md): its Content-Type and Cache-Control. */
  success?: { contentType: RegExp; cacheControl: string };
}

/** Every /api answer's Cache-Control (docs/security.md), unless its row's success says otherwise. */
export const API_CACHE_CONTROL = 'no-store';
/** A success without a body (docs/api.md, POST /api/sign-out). */
export const NO_CONTENT = 204;

/** Every caller gets `status`. */
const everyone = (status: number): Record<Caller, number> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, number>;
/**
 * Every customer signed in gets `status`; the others are refused with 401 before anything else, and
 * staff sessions with 403 (docs/api.md, Errors of every call that needs a session).
 */
const signedIn = (status: number): Record<Caller, number> => ({
  ...everyone(status),
  anonymous: 401,
  expired: 401,
  tampered: 401,
  'reseller admin': 403,
  'reseller support': 403,
  'not reseller staff': 401,
});
/** A customer's sign-in refuses the staff's tokens: the reseller is not its own customer. */
const customerSignIn = {
  'reseller admin': 403,
  'reseller support': 403,
  'not reseller staff': 403,
};

const customerField = ({ tamper, own, foreign }: RowContext) =>
  tamper === 'customerId' || tamper === 'customer' ? foreign.customerId : own.customerId;

function delegateRows(path: string): Record<string, MatrixRow> {
  return {
    [`GET ${path}`]: {
      auth: 'session',
      tamper: ['customer'],
      request: (context) => ({ method: 'GET', url: `${path}?customer=${customerField(context)}` }),
      expect: { ...signedIn(403), admin: 200, 'admin of another customer': 200 },
      tampered: { customer: 403 },
    },
    [`POST ${path}`]: {
      auth: 'session',
      tamper: ['customerId', 'email'],
      request: (context) => ({
        method: 'POST',
        url: path,
        body: {
          email: context.tamper === 'email' ? HOSTILE_ADDRESS : context.newcomer,
          customerId: customerField(context),
          action: 'add',
        },
      }),
      expect: { ...signedIn(403), admin: 200, 'admin of another customer': 200 },
      // Roles are checked before the address: only admins learn the address is refused.
      tampered: {
        customerId: 403,
        email: { ...everyone(403), admin: 400, 'admin of another customer': 400 },
      },
    },
  };
}

export const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': {
    auth: 'none',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/health' }),
    expect: everyone(200),
    tampered: {},
  },
  'GET /api/ready': {
    auth: 'none',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/ready' }),
    expect: everyone(200),
    tampered: {},
  },
  'GET /api/email-validator': {
    auth: 'none',
    tamper: ['email'],
    request: ({ email, tamper }) => ({
      method: 'GET',
      url: `/api/email-validator?email=${encodeURIComponent(tamper === 'email' ? HOSTILE_ADDRESS : email)}`,
    }),
    expect: everyone(200),
    tampered: { email: 400 },
  },
  'GET /api/subscription-info': {
    auth: 'token',
    tamper: ['email'],
    // A tampered e-mail asks for someone else's subscription with the caller's own token.
    request: ({ email, token, tamper }) => ({
      method: 'GET',
      url: `/api/subscription-info?email=${encodeURIComponent(
        tamper === 'email'
          ? email === 'admin@acme.example'
            ? 'staff@acme.example'
            : 'admin@acme.example'
          : email,
      )}`,
      headers: token === null ? {} : ({ [TOKEN_HEADER]: token } as Record<string, string>),
    }),
    // The replaced account's token is no longer the managed account of its address.
    expect: { ...signedIn(200), 'replaced admin': 403, ...customerSignIn },
    tampered: { email: 403 },
  },
  // The staff sign-in, with each caller's own token; tampered, someone else's staff address.
  'GET /api/reseller/console/sign-in': {
    auth: 'token',
    tamper: ['email'],
    request: ({ email, token, tamper }) => ({
      method: 'GET',
      url: `/api/reseller/console/sign-in?email=${encodeURIComponent(
        tamper === 'email'
          ? email === 'ops@sandbox.example'
            ? 'desk@sandbox.example'
            : 'ops@sandbox.example'
          : email,
      )}`,
      headers: token === null ? {} : ({ [TOKEN_HEADER]: token } as Record<string, string>),
    }),
    expect: {
      ...signedIn(403),
      'reseller admin': 200,
      'reseller support': 200,
      'not reseller staff': 403,
    },
    tampered: { email: 403 },
  },
  // A staff session's own identity; a customer's session is refused, whoever holds it.
  'GET /api/reseller/console/session': {
    auth: 'session',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/reseller/console/session' }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  // The customers' list: any staff member reads it; a customer's session is refused.
  'GET /api/reseller/customers': {
    auth: 'session',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/reseller/customers?query=acme&sort=seatsTotal' }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  // The console's settings and audit: any staff member reads, a reseller admin changes (to what they
  // were, so every other row still meets the seeded customers), support staff are refused.
  'GET /api/reseller/customers/:customerId/settings': {
    auth: 'session',
    tamper: [],
    request: ({ own }) => ({
      method: 'GET',
      url: `/api/reseller/customers/${own.customerId}/settings`,
    }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  'PUT /api/reseller/customers/:customerId/settings': {
    auth: 'session',
    tamper: [],
    request: ({ own }) => ({
      method: 'PUT',
      url: `/api/reseller/customers/${own.customerId}/settings`,
      body: { portalEnabled: true, seatCap: null, approvalAbove: null },
    }),
    expect: { ...signedIn(403), 'reseller admin': 200 },
    tampered: {},
  },
  'GET /api/reseller/defaults': {
    auth: 'session',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/reseller/defaults' }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  'PUT /api/reseller/defaults': {
    auth: 'session',
    tamper: [],
    request: () => ({
      method: 'PUT',
      url: '/api/reseller/defaults',
      body: { seatCap: 50, approvalAbove: null },
    }),
    expect: { ...signedIn(403), 'reseller admin': 200 },
    tampered: {},
  },
  'GET /api/reseller/audit': {
    auth: 'session',
    tamper: [],
    request: ({ own }) => ({
      method: 'GET',
      url: `/api/reseller/audit?customerId=${own.customerId}`,
    }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  // The ledger of every customer's changes and its CSV: any staff member reads, no customer.
  'GET /api/reseller/ledger': {
    auth: 'session',
    tamper: [],
    request: ({ own }) => ({
      method: 'GET',
      url: `/api/reseller/ledger?customerId=${own.customerId}&format=csv`,
    }),
    expect: { ...signedIn(403), 'reseller admin': 200, 'reseller support': 200 },
    tampered: {},
  },
  'POST /api/add-licence': {
    auth: 'session',
    tamper: ['customerId', 'subscriptionId'],
    request: (context) => ({
      method: 'POST',
      url: '/api/add-licence',
      body: {
        customerId: customerField(context),
        subscriptionId:
          context.tamper === 'subscriptionId'
            ? context.foreign.subscriptionId
            : context.own.subscriptionId,
        numberOfSeats: context.seats + 1,
      },
    }),
    // Flex is on a Flexible plan: its admin may add, but the plan refuses (400).
    expect: {
      ...signedIn(403),
      'licence delegate': 200,
      admin: 200,
      'admin of another customer': 400,
    },
    tampered: { customerId: 403, subscriptionId: 403 },
  },
  // The purchase's own checks without the purchase (docs/api.md, GET /api/price-preview).
  'GET /api/price-preview': {
    auth: 'session',
    tamper: ['customer', 'subscriptionId'],
    request: (context) => ({
      method: 'GET',
      url: `/api/price-preview?customer=${customerField(context)}&subscriptionId=${
        context.tamper === 'subscriptionId'
          ? context.foreign.subscriptionId
          : context.own.subscriptionId
      }&seats=1`,
    }),
    expect: {
      ...signedIn(403),
      'licence delegate': 200,
      admin: 200,
      'admin of another customer': 400,
    },
    tampered: { customer: 403, subscriptionId: 403 },
  },
  ...delegateRows('/api/licence-delegate'),
  ...delegateRows('/api/support-delegate'),
  'GET /api/history': {
    auth: 'session',
    tamper: ['customer'],
    request: (context) => ({
      method: 'GET',
      url: `/api/history?customer=${customerField(context)}`,
    }),
    // A licence delegate sees the licence adds only (docs/api.md, GET /api/history).
    expect: {
      ...signedIn(403),
      'licence delegate': 200,
      admin: 200,
      'admin of another customer': 200,
    },
    tampered: { customer: 403 },
  },
  'GET /api/photo': {
    auth: 'session',
    tamper: [],
    request: () => ({ method: 'GET', url: '/api/photo' }),
    // In the sandbox only admin@acme.example has a directory photo; a replaced account's session
    // fails the holder's check of every signed-in route, so it never sees the new account's photo.
    expect: { ...signedIn(404), admin: 200, 'replaced admin': 403 },
    tampered: {},
    // The same URL shows whoever is signed in on the browser: no cache may keep it.
    success: { contentType: /^image\//, cacheControl: 'private, no-store' },
  },
  // Every customer's events: no session or identity token opens it, even sent as the bearer key; a
  // customer's live session is told it is not for these routes (403).
  'GET /api/reseller/events': {
    auth: 'key',
    tamper: [],
    request: ({ token }) => ({
      method: 'GET',
      url: '/api/reseller/events',
      headers:
        token === null ? {} : ({ authorization: `Bearer ${token}` } as Record<string, string>),
    }),
    expect: {
      ...everyone(403),
      anonymous: 401,
      expired: 401,
      tampered: 401,
      'reseller admin': 401,
      'reseller support': 401,
      'not reseller staff': 401,
    },
    tampered: {},
  },
  // Last: signing out revokes each caller's session, so it runs after every other cell.
  'POST /api/sign-out': {
    auth: 'none',
    tamper: [],
    request: () => ({ method: 'POST', url: '/api/sign-out', body: {} }),
    // Open: with a live session (and its XSRF token) it is revoked; without one, cookies are cleared.
    expect: everyone(NO_CONTENT),
    tampered: {},
  },
};

/** The row of a route of the table: HEAD uses its GET row. */
export function rowKeyOf(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** The status a caller gets, from the row. */
export function expectedStatus(row: MatrixRow, caller: Caller, tamper: Tamper | null): number {
  if (tamper === null) return row.expect[caller];
  // A caller without a valid session or token is refused before any field is read.
  if (row.auth !== 'none' && UNAUTHENTICATED.includes(caller)) return 401;
  // So is a session of the other kind, or none, on the customer routes.
  if (row.auth === 'session' && (STAFF.includes(caller) || caller === 'not reseller staff')) {
    return row.expect[caller];
  }
  const tampered = row.tampered[tamper];
  if (tampered === undefined) throw new Error(`No expectation for a tampered ${tamper}`);
  if (typeof tampered === 'number') return tampered;
  const status = tampered[caller];
  if (status === undefined) throw new Error(`No expectation for ${caller} with ${tamper}`);
  return status;
}
