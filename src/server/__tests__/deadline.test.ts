import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { SERVER_TEXT } from '../messages';
import { currentDeadline, readRequestDeadline } from '../deadline';
import { ConfigError } from '../configError';
import { errorOf, removeDataDir, startPortal, type Portal } from '../testing/portalHarness';

// Each API request's overall deadline (PORTAL_REQUEST_DEADLINE_MS): a provider that hangs and ignores
// the abort still gets the envelope in time, and requests see their deadline.

let portal: Portal | undefined;
afterEach(async () => {
  if (portal === undefined) return;
  await portal.close();
  removeDataDir(portal.dataDir);
  portal = undefined;
});

it('answers 504 DEADLINE_EXCEEDED in the envelope when a provider never answers', async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  let seen: number | undefined;
  portal.sandbox.provider.verifyToken = () => {
    seen = currentDeadline()?.at;
    return new Promise(() => undefined);
  };
  const started = Date.now();
  const answer = await portal
    .browser()
    .get(`${API_PATHS.subscriptionInfo}?email=admin%40acme.example`, { [TOKEN_HEADER]: 'x' });
  // Far below the default 20 s: the deadline and its short grace, whatever the provider does.
  expect(Date.now() - started).toBeLessThan(3000);
  expect(answer.status).toBe(504);
  expect(errorOf(answer)).toEqual({
    code: 504,
    status: 'DEADLINE_EXCEEDED',
    message: SERVER_TEXT.deadlineExceeded,
  });
  expect(seen).toBeGreaterThan(started);
});

it('leaves requests that finish in time alone', async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  const browser = await portal.signIn('admin@acme.example');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect((await browser.get(`${API_PATHS.licenceDelegate}?customer=C0acme001`)).status).toBe(200);
});

it('reads PORTAL_REQUEST_DEADLINE_MS, 20 s by default', () => {
  expect(readRequestDeadline({})).toBe(20_000);
  expect(readRequestDeadline({ PORTAL_REQUEST_DEADLINE_MS: '5000' })).toBe(5000);
  for (const bad of ['0', '5s', '-1']) {
    expect(() => readRequestDeadline({ PORTAL_REQUEST_DEADLINE_MS: bad })).toThrow(ConfigError);
    expect(() => readRequestDeadline({ PORTAL_REQUEST_DEADLINE_MS: bad })).toThrow(
      /PORTAL_REQUEST_DEADLINE_MS/,
    );
  }
});
