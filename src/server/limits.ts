// The API server's own limits (the business constants of docs/behaviour.md 9 live in src/contract/limits.ts).

/** Largest request body accepted; every API body is a few short fields (docs/api.md, Endpoints). */
export const BODY_LIMIT_BYTES = 16 * 1024;
/** Requests per client address per window on each open endpoint (RATE_LIMIT_PER_ADDRESS). */
export const UNAUTHENTICATED_RATE_LIMIT_MAX = 60;
/** Requests per session per window over every signed-in endpoint (RATE_LIMIT_PER_SESSION). */
export const SESSION_RATE_LIMIT_MAX = 60;
/** Per customer (RATE_LIMIT_PER_CUSTOMER): a tenth of the Directory API default, 2,400 a minute. */
export const CUSTOMER_RATE_LIMIT_MAX = 240;
/** The largest limit accepted: far above any real use, so a typo of extra digits is caught. */
export const RATE_LIMIT_CEILING = 1_000_000;
export const RATE_LIMIT_WINDOW_MS = 60_000;
/** Hashed build assets never change under the same name: cache them for a year. */
export const HASHED_ASSET_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The shortest session secret accepted (256 bits of printable text). */
export const SESSION_SECRET_MIN_LENGTH = 32;
/** Random bytes in a generated session secret and in an XSRF token. */
export const SESSION_SECRET_BYTES = 48;
export const XSRF_TOKEN_BYTES = 32;
/** Random bytes in a session id (the key of a sign-out's revocation record). */
export const SESSION_ID_BYTES = 18;
/** Default listening address (docs/api.md, Pages) and the dev API port (scripts/dev.js). */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8080;
export const MAX_PORT = 65_535;

/** How long an unconfirmed purchase may take to show before it is listed as not made (README). */
export const DEFAULT_PURCHASE_GRACE_MS = 15 * 60 * 1000;
