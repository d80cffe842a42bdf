// The reseller API's key (docs/security.md, The reseller API), whoever calls: a valid key reads the
// events, a wrong key of the same length is a 401, and neither key nor Authorization header reaches
// a log line. The authorization matrix proves no customer's session or token opens it.
import { API_PATHS } from '../../src/contract/api';
import { RESELLER_API_KEY_MIN_LENGTH } from '../../src/server/configuration/schema';
import { REDACTED } from '../../src/server/plugins/logger';
import {
  errorOf,
  removeDataDir,
  startPortal,
  type Portal,
} from '../../src/testing/server/portalHarness';

const KEY = 'billing-system-key-of-the-security-suite'.padEnd(48, 'k');
/** The same length as KEY, one character different: only the digest comparison tells them apart. */
const WRONG_KEY = `${KEY.slice(0, -1)}x`;

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal({ env: { RESELLER_API_KEYS: KEY } });
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

/** Every value logged under an `authorization` key, at any depth of a log line. */
function authorizationValues(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key.toLowerCase() === 'authorization' ? [inner] : authorizationValues(inner),
  );
}

const read = (key: string) =>
  portal.browser().get(API_PATHS.resellerEvents, { authorization: `Bearer ${key}` });

it('answers 200 to a valid key and 401 to a wrong key of the same length', async () => {
  expect(WRONG_KEY).toHaveLength(KEY.length);
  const valid = await read(KEY);
  expect(valid.status).toBe(200);
  expect(valid.body).toEqual(expect.objectContaining({ events: expect.any(Array) }));

  const wrong = await read(WRONG_KEY);
  expect(wrong.status).toBe(401);
  expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  expect(errorOf(wrong)).toEqual(expect.objectContaining({ code: 401, status: 'UNAUTHENTICATED' }));
});

it('writes neither key nor the Authorization header to the logs', async () => {
  await read(KEY);
  await read(WRONG_KEY);
  // The requests were logged, so the absence below is not for want of lines.
  const lines = portal.logs.map((line) => JSON.stringify(line));
  expect(lines.some((line) => line.includes(API_PATHS.resellerEvents))).toBe(true);
  for (const line of lines) {
    // Both keys share all but their last character: no part of either may appear.
    expect(line).not.toContain(KEY.slice(0, RESELLER_API_KEY_MIN_LENGTH / 2));
    expect(line).not.toContain('Bearer');
  }
  // A line that logs request headers writes the header as [redacted] (docs/api.md, Logs).
  for (const line of portal.logs) {
    for (const value of authorizationValues(line)) expect(value).toBe(REDACTED);
  }
});
