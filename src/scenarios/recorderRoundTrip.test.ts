import { makeStore } from '../client/app/store';
import { createScenarioRecorder } from '../client/recording/scenarioRecorder';
import { dialogOpened, memberAddRequested } from '../client/features/delegates/delegatesSlice';
import {
  appStarted,
  emailSubmitted,
  signInRequested,
} from '../client/features/session/sessionSlice';
import { createFakeServices, ok } from '../client/test/fakeServices';
import { sampleSubscription } from '../client/test/sampleSubscription';
import { API_PATHS, XSRF_COOKIE } from '../contract/api';
import { replayScenario } from './replayScenario';
import { parseScenario } from './validateScenario';

// What the recorder writes, replay reads back: a session recorded on a real store replays clean.
const XSRF_VALUE = 'opaque-xsrf';

it('a recorded session validates and replays, XSRF value included', async () => {
  const cookies: Record<string, string> = {};
  const fake = createFakeServices({
    http: {
      [`GET ${API_PATHS.emailValidator}`]: ok({ isGoogleAccount: true }),
      [`GET ${API_PATHS.subscriptionInfo}`]: () => {
        cookies[XSRF_COOKIE] = XSRF_VALUE;
        return ok(sampleSubscription());
      },
      [`GET ${API_PATHS.licenceDelegate}`]: ok({ members: ['licences@acme.example'] }),
      [`POST ${API_PATHS.licenceDelegate}`]: ok({ members: [] }),
    },
  });
  const { config, ...services } = fake.services;
  const recorder = createScenarioRecorder({
    config,
    url: '/',
    localStorage: {},
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
  ]) {
    store.dispatch(intent);
    await settle();
  }

  const scenario = parseScenario(recorder.scenario('round trip'), 'round-trip.json');
  const post = scenario.steps.find(
    (step) => step.kind === 'http' && step.request.method === 'POST',
  );
  expect(post).toMatchObject({ request: { xsrf: true, xsrfToken: XSRF_VALUE } });
  expect(await replayScenario(scenario, 'round-trip.json')).toEqual({
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
    'changed:  request.xsrfToken: recorded "opaque-xsrf", replayed "other"',
  );
});
