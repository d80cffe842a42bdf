// The API server's own limits (the spec's business constants live in src/contract/limits.ts).

/** Largest request body accepted; every API body is a few short fields (docs/api.md, Endpoints). */
export const BODY_LIMIT_BYTES = 16 * 1024;
/** Requests per client address per window on the unauthenticated endpoints. */
export const UNAUTHENTICATED_RATE_LIMIT_MAX = 60;
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
