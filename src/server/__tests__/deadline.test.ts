import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { currentDeadline, readRequestDeadline } from '../plugins/deadline';
import { ConfigError } from '../configError';
import {
  expectDeadlineAnswer,
  removeDataDir,
  startPortal,
  type Portal,
} from '../../testing/server/portalHarness';

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
  // The deadline and its short grace, whatever the provider does.
  expectDeadlineAnswer(answer, started);
  expect(seen).toBeGreaterThan(started);
});

it('leaves requests that finish in time alone', async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  const browser = await portal.signIn('admin@acme.example');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect((await browser.get(`${API_PATHS.licenceDelegate}?customer=C0acme001`)).status).toBe(200);
});

const DELEGATES = `${API_PATHS.licenceDelegate}?customer=C0acme001`;
const never = () => new Promise<never>(() => undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("aborts the signal of a request still running at its deadline, never an answered one's", async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  const admin = await portal.signIn('admin@acme.example');
  const provider = portal.sandbox.provider;
  const lookup = provider.lookupDirectoryUser.bind(provider);
  const signals: AbortSignal[] = [];
  let hang = false;
  provider.lookupDirectoryUser = (email) => {
    const signal = currentDeadline()?.signal;
    if (signal !== undefined) signals.push(signal);
    return hang ? never() : lookup(email);
  };
  expect((await admin.get(DELEGATES)).status).toBe(200);
  hang = true;
  const started = Date.now();
  const hung = await admin.get(DELEGATES);
  expect(hung.status).toBe(504);
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  await sleep(400);
  expect(signals.map((signal) => signal.aborted)).toEqual([false, true]);
});

it('gives a signal first read after the deadline already aborted', async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  const admin = await portal.signIn('admin@acme.example');
  const provider = portal.sandbox.provider;
  let aborted: boolean | undefined;
  let at: number | undefined;
  provider.lookupDirectoryUser = async () => {
    await sleep(400);
    aborted = currentDeadline()?.signal.aborted;
    at = currentDeadline()?.at;
    return never();
  };
  const started = Date.now();
  expect((await admin.get(DELEGATES)).status).toBe(504);
  expect(aborted).toBe(true);
  expect(at).toBeGreaterThanOrEqual(started);
  expect(at).toBeLessThan(started + 400);
});

it('answers each of many hung requests at its own deadline', async () => {
  portal = await startPortal({ requestDeadlineMs: 300 });
  const admin = await portal.signIn('admin@acme.example');
  portal.sandbox.provider.lookupDirectoryUser = never;
  const timed = async (delay: number) => {
    await sleep(delay);
    const started = Date.now();
    const answer = await admin.get(DELEGATES);
    return { status: answer.status, took: Date.now() - started };
  };
  const answers = await Promise.all([0, 100, 200, 450, 900].map(timed));
  for (const answer of answers) {
    expect(answer.status).toBe(504);
    // The deadline and its grace, not someone else's.
    expect(answer.took).toBeGreaterThanOrEqual(300);
    expect(answer.took).toBeLessThan(1500);
  }
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

it('holds no timer that keeps the process alive while requests wait for their deadline', async () => {
  // An unusual deadline, so its timer is told apart from any other.
  const deadlineMs = 1_337;
  portal = await startPortal({ requestDeadlineMs: deadlineMs });
  let arrived: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  portal.sandbox.provider.verifyToken = () => {
    arrived();
    return never();
  };
  const realSetTimeout = global.setTimeout;
  const deadlineTimers: NodeJS.Timeout[] = [];
  const spy = jest.spyOn(global, 'setTimeout').mockImplementation(((
    callback: () => void,
    ms?: number,
  ) => {
    const timer = realSetTimeout(callback, ms);
    if (ms !== undefined && ms > deadlineMs - 300 && ms <= deadlineMs) deadlineTimers.push(timer);
    return timer;
  }) as typeof setTimeout);
  try {
    const answer = portal
      .browser()
      .get(`${API_PATHS.subscriptionInfo}?email=admin%40acme.example`, { [TOKEN_HEADER]: 'x' });
    await waiting;
    // A connection dropped before its answer leaves its request waiting until the deadline; the
    // process must still be free to exit meanwhile.
    expect(deadlineTimers).not.toHaveLength(0);
    expect(deadlineTimers.filter((timer) => timer.hasRef())).toEqual([]);
    expect((await answer).status).toBe(504);
  } finally {
    spy.mockRestore();
  }
});
