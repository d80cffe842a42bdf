import { makeStore } from '../../src/client/app/store';
import { createScenarioRecorder } from '../../src/client/recording/scenarioRecorder';
import {
  dialogOpened,
  memberAddRequested,
} from '../../src/client/features/delegates/delegatesSlice';
import {
  appStarted,
  emailSubmitted,
  signInRequested,
  signOutRequested,
} from '../../src/client/features/session/sessionSlice';
import { createFakeServices, FAKE_ACCESS_TOKEN, ok } from '../../src/testing/client/fakeServices';
import { sampleSubscription } from '../../src/contract/sampleSubscription';
import { API_PATHS, XSRF_COOKIE } from '../../src/contract/api';
import { replayScenario } from '../../src/scenarios/replayScenario';
import { parseScenario } from '../../src/scenarios/validateScenario';

// What the recorder writes, replay reads back: a session recorded on a real store replays clean,
// with its secrets as placeholders and, on request, its e-mail addresses as pseudonyms.
const XSRF_VALUE = 'opaque-xsrf-value';
const STORED_TOKEN = 'stored-access-token';

async function recordedSession({ signOut = false, cookiesLost = false } = {}) {
  const cookies: Record<string, string> = {};
  const fake = createFakeServices({
    http: {
      [`GET ${API_PATHS.emailValidator}`]: ok({ isGoogleAccount: true }),
      [`GET ${API_PATHS.subscriptionInfo}`]: () => {
        cookies[XSRF_COOKIE] = XSRF_VALUE;
        return ok(sampleSubscription());
      },
      [`GET ${API_PATHS.licenceDelegate}`]: ok({
        members: ['zed@acme.example', 'bob@acme.example'],
      }),
      [`POST ${API_PATHS.licenceDelegate}`]: ok({ members: [] }),
      [`POST ${API_PATHS.signOut}`]: ok(null),
    },
  });
  const { config, ...services } = fake.services;
  const recorder = createScenarioRecorder({
    config,
    url: '/',
    // A token left from an earlier session: a secret too, though this page replaces it.
    localStorage: { tokenData: JSON.stringify({ token: STORED_TOKEN, expiry: 1 }) },
    readCookies: () => ({ ...cookies }),
    startedAt: Date.UTC(2025, 0, 15, 9, 0, 0),
    recordedWith: 'recorderRoundTrip.test.ts',
  });
  const store = makeStore({
    context: { ...recorder.wrapServices(services), config },
    middleware: [recorder.middleware],
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (const intent of [
    appStarted({ destination: '' }),
    emailSubmitted({ email: 'admin@acme.example' }),
    signInRequested(),
    dialogOpened({ kind: 'licence' }),
    memberAddRequested({ kind: 'licence', email: 'ann@acme.example' }),
    ...(signOut ? [signOutRequested()] : []),
  ]) {
    // The browser drops the readable cookies on its own (they expired) before the add.
    if (cookiesLost && memberAddRequested.match(intent))
      Reflect.deleteProperty(cookies, XSRF_COOKIE);
    store.dispatch(intent);
    await settle();
  }
  return { recorder, revoked: fake.calls.revoked };
}

it('a recorded session validates and replays, XSRF placeholder included', async () => {
  const { recorder } = await recordedSession();
  const scenario = parseScenario(recorder.scenario('round trip'), 'round-trip.json');
  const post = scenario.steps.find(
    (step) => step.kind === 'http' && step.request.method === 'POST',
  );
  expect(post).toMatchObject({ request: { xsrf: true, xsrfToken: 'xsrf-token-1' } });
  expect(await replayScenario(scenario, 'round-trip.json')).toMatchObject({
    file: 'round-trip.json',
    passed: true,
    report: '',
  });

  // The replay sends the XSRF value the recorded answer set; a different one is a differing request.
  const tampered = structuredClone(scenario);
  for (const step of tampered.steps) {
    if (step.kind === 'http' && step.response.cookies) step.response.cookies[XSRF_COOKIE] = 'other';
  }
  const verdict = await replayScenario(tampered, 'round-trip.json');
  expect(verdict.report).toContain(
    'changed:  request.xsrfToken: recorded "xsrf-token-1", replayed "other"',
  );
});

it('no token or XSRF value of the session is in the file; equal values share a placeholder', async () => {
  const { recorder, revoked } = await recordedSession({ signOut: true });
  // Sign-out asked the provider to withdraw the token, and the recording says so by placeholder.
  expect(revoked).toEqual([FAKE_ACCESS_TOKEN]);
  expect(recorder.scenario().steps).toContainEqual({
    kind: 'revoke',
    request: { token: 'access-token-2' },
    result: { revoked: true },
  });
  const scenario = recorder.scenario();
  const text = JSON.stringify(scenario);
  for (const secret of [FAKE_ACCESS_TOKEN, XSRF_VALUE, STORED_TOKEN]) {
    expect(text).not.toContain(secret);
  }
  expect(scenario.start.localStorage.tokenData).toBe('{"token":"access-token-1","expiry":1}');
  // The identity's token, the stored token data, the request header and the saga's payload are
  // one value, so they are one placeholder, and replay sees the portal send back what it got.
  const tokenPlaces = [...text.matchAll(/"(?:accessToken|token|x-goog-token)":"([^"]+)"/g)].map(
    (match) => match[1],
  );
  expect(new Set(tokenPlaces)).toEqual(new Set(['access-token-2']));
  expect(text.match(/access-token-2/g)?.length).toBeGreaterThanOrEqual(4);
});

it('pseudonymises e-mail addresses deterministically, and the pseudonymised file still replays', async () => {
  const { recorder } = await recordedSession();
  const first = recorder.scenario('round trip', { pseudonymiseEmails: true });
  const again = recorder.scenario('round trip', { pseudonymiseEmails: true });
  expect(again).toEqual(first);
  const text = JSON.stringify(first);
  for (const address of ['admin@acme.example', 'zed@acme.example', 'bob@acme.example']) {
    expect(text).not.toContain(address);
  }
  // Numbered in the order the portal sorts addresses, so sorted lists keep their order.
  expect(first.finalState.state).toMatchObject({
    delegates: {
      licence: {
        members: ['person-02@acme.example', 'person-03@acme.example', 'person-04@acme.example'],
      },
    },
  });
  const verdict = await replayScenario(
    parseScenario(first, 'pseudonymised.json'),
    'pseudonymised.json',
  );
  expect(verdict.report).toBe('');
});

it('cookies the browser dropped on its own are a step, and replay sends what is left', async () => {
  const { recorder } = await recordedSession({ cookiesLost: true });
  const scenario = parseScenario(recorder.scenario(), 'cookies.json');
  const at = scenario.steps.findIndex((step) => step.kind === 'cookies');
  expect(scenario.steps[at]).toEqual({ kind: 'cookies', cookies: {} });
  expect(scenario.steps[at + 1]).toMatchObject({
    kind: 'http',
    request: { method: 'POST', xsrf: false },
  });
  expect((await replayScenario(scenario, 'cookies.json')).report).toBe('');
  // Without the step, replay still holds the cookie and sends it: the request differs.
  const without = structuredClone(scenario);
  without.steps.splice(at, 1);
  expect((await replayScenario(without, 'cookies.json')).report).toContain(
    'changed:  request.xsrf: recorded false, replayed true',
  );
});
