import { API_PATHS } from '../../../contract/api';
import type { RootState } from '../../app/rootReducer';
import { subscriptionRequested } from '../../events/portalEvents';
import {
  apiError,
  FAKE_ACCESS_TOKEN,
  FAKE_NOW,
  fakeConfig,
  networkFailure,
  ok,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { buildState } from '../../../testing/client/state';
import { sessionSaga } from './sessionSaga';
import {
  appStarted,
  emailCheckStopped,
  emailConfirmed,
  emailSubmitted,
  signInEnded,
  signInRequested,
} from './sessionSlice';

const run = (options: FakeServicesOptions, state: RootState = buildState()) =>
  runSaga(sessionSaga, options, state);

describe('on load (docs/behaviour.md 4)', () => {
  const valid = { token: 'stored-token', expiry: FAKE_NOW + 1 };

  it('loads the subscription with the stored token and e-mail for the licenses destination', async () => {
    const { fake, saga } = run({ tokenData: valid, email: 'admin@acme.example' });
    const { storeState } = await saga
      .dispatch(appStarted({ destination: '' }))
      .put(subscriptionRequested({ token: 'stored-token', email: 'admin@acme.example' }))
      .silentRun(RUN_MS);
    expect(storeState.subscription.loadingSubscription).toBe(true);
    expect(fake.calls.assign).toEqual([]);
    expect(fake.calls.tokenDataRemovals).toBe(0);
  });

  it('leaves for the help-desk portal for any other destination', async () => {
    const { fake, saga } = run({ tokenData: valid, email: 'admin@acme.example' });
    await saga
      .dispatch(appStarted({ destination: 'support' }))
      .not.put.actionType(subscriptionRequested.type)
      .silentRun(RUN_MS);
    expect(fake.calls.assign).toEqual([fakeConfig.helpdeskUrl]);
  });

  it('removes an expired token and stays home', async () => {
    const { fake, saga } = run({
      tokenData: { token: 'old', expiry: FAKE_NOW },
      email: 'admin@acme.example',
    });
    await saga
      .dispatch(appStarted({ destination: 'licenses' }))
      .not.put.actionType(subscriptionRequested.type)
      .silentRun(RUN_MS);
    expect(fake.calls.storage.tokenData).toBeNull();
    expect(fake.calls.tokenDataRemovals).toBe(1);
    expect(fake.calls.assign).toEqual([]);
    expect(fake.calls.http).toEqual([]);
  });

  it('does nothing visible without a stored token', async () => {
    const { fake, saga } = run({ email: 'admin@acme.example' });
    await saga
      .dispatch(appStarted({ destination: 'licenses' }))
      .not.put.actionType(subscriptionRequested.type)
      .silentRun(RUN_MS);
    expect(fake.calls.assign).toEqual([]);
    expect(fake.calls.navigate).toEqual([]);
  });

  it('looks at the stored session only once however often the start is reported', async () => {
    const { fake, saga } = run({ tokenData: valid, email: 'admin@acme.example' });
    await saga
      .dispatch(appStarted({ destination: 'support' }))
      .dispatch(appStarted({ destination: 'support' }))
      .silentRun(RUN_MS);
    expect(fake.calls.assign).toEqual([fakeConfig.helpdeskUrl]);
  });
});

describe('e-mail check (docs/behaviour.md 4.4–4.7, docs/behaviour.md 5, docs/behaviour.md 8)', () => {
  it('sends a consumer domain to the contact page without any server call', async () => {
    const { fake, saga } = run({});
    const { storeState } = await saga
      .dispatch(emailSubmitted({ email: 'someone@gmail.com' }))
      .put(emailCheckStopped())
      .not.put.actionType(emailConfirmed.type)
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([]);
    expect(fake.calls.assign).toEqual([fakeConfig.contactUrl]);
    expect(storeState.session.emailCheck).toBe('idle');
  });

  it('saves a Google account e-mail and shows the sign-in step', async () => {
    const { fake, saga } = run({
      http: { [`GET ${API_PATHS.emailValidator}`]: ok({ isGoogleAccount: true }) },
    });
    const { storeState } = await saga
      .dispatch(emailSubmitted({ email: 'admin@acme.example' }))
      .put(emailConfirmed({ email: 'admin@acme.example' }))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: API_PATHS.emailValidator,
        query: { email: 'admin@acme.example' },
      }),
    ]);
    expect(fake.calls.storage.email).toBe('admin@acme.example');
    expect(storeState.session).toMatchObject({
      email: 'admin@acme.example',
      emailCheck: 'confirmed',
    });
    expect(fake.calls.assign).toEqual([]);
  });

  it('sends an address that is not a Google account to the contact page', async () => {
    const { fake, saga } = run({
      http: { [`GET ${API_PATHS.emailValidator}`]: ok({ isGoogleAccount: false }) },
    });
    const { storeState } = await saga
      .dispatch(emailSubmitted({ email: 'someone@stranger.example' }))
      .not.put.actionType(emailConfirmed.type)
      .silentRun(RUN_MS);
    expect(fake.calls.assign).toEqual([fakeConfig.contactUrl]);
    expect(fake.calls.storage.email).toBeNull();
    expect(storeState.session.emailCheck).toBe('idle');
  });

  it.each([
    ['a server error', apiError(503, 'UNAVAILABLE', 'Upstream down')],
    ['a network failure', networkFailure],
    ['a malformed answer', ok({ isGoogleAccount: 'yes' })],
    ['an HTML page', ok('<html>proxy error</html>')],
  ])('only logs %s and stops the spinner', async (_name, answer) => {
    const { fake, saga } = run({ http: { [`GET ${API_PATHS.emailValidator}`]: answer } });
    const { storeState } = await saga
      .dispatch(emailSubmitted({ email: 'admin@acme.example' }))
      .put(emailCheckStopped())
      .not.put.actionType(emailConfirmed.type)
      .silentRun(RUN_MS);
    expect(fake.calls.log).toHaveLength(1);
    expect(fake.calls.assign).toEqual([]);
    expect(storeState.session.emailCheck).toBe('idle');
    expect(storeState.errors).toEqual(buildState().errors);
  });

  it('makes no call for an address the home rule rejects', async () => {
    const { fake, saga } = run({});
    await saga
      .dispatch(emailSubmitted({ email: 'not an e-mail' }))
      .put(emailCheckStopped())
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([]);
    expect(fake.calls.assign).toEqual([]);
  });

  it('answers only the latest of two quick submissions', async () => {
    let release: () => void = () => undefined;
    const firstAnswer = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fake, saga } = run({
      http: {
        [`GET ${API_PATHS.emailValidator}`]: async (request) => {
          if (request.query?.email === 'first@acme.example') await firstAnswer;
          return ok({ isGoogleAccount: true });
        },
      },
    });
    const { storeState } = await saga
      .dispatch(emailSubmitted({ email: 'first@acme.example' }))
      .dispatch(emailSubmitted({ email: 'second@acme.example' }))
      .not.put(emailConfirmed({ email: 'first@acme.example' }))
      .put(emailConfirmed({ email: 'second@acme.example' }))
      .silentRun(RUN_MS);
    release();
    expect(fake.calls.http).toHaveLength(2);
    expect(storeState.session.email).toBe('second@acme.example');
  });
});

describe('sign-in (docs/behaviour.md 4.8–4.10, docs/behaviour.md 9)', () => {
  const confirmed = (destination = 'licenses'): RootState => {
    const state = buildState();
    return {
      ...state,
      session: {
        ...state.session,
        destination,
        email: 'admin@acme.example',
        emailCheck: 'confirmed',
      },
    };
  };

  it('asks the identity provider with the e-mail as hint and the three scopes, saves the token with its expiry and loads the subscription', async () => {
    const { fake, saga } = run({}, confirmed());
    const { storeState } = await saga
      .dispatch(signInRequested())
      .put(signInEnded())
      .put(subscriptionRequested({ token: FAKE_ACCESS_TOKEN, email: 'admin@acme.example' }))
      .silentRun(RUN_MS);
    expect(fake.calls.identity).toEqual([
      {
        hint: 'admin@acme.example',
        scopes: [
          'email',
          'profile',
          'https://www.googleapis.com/auth/admin.directory.user.readonly',
        ],
      },
    ]);
    // The stored token expires 59 minutes (3,540,000 ms) after it was saved.
    expect(fake.calls.storage.tokenData).toEqual({
      token: FAKE_ACCESS_TOKEN,
      expiry: FAKE_NOW + 3_540_000,
    });
    expect(storeState.subscription.loadingSubscription).toBe(true);
    expect(storeState.session.signingIn).toBe(false);
  });

  it('leaves for the help-desk portal after sign-in for another destination', async () => {
    const { fake, saga } = run({}, confirmed('support'));
    await saga
      .dispatch(signInRequested())
      .not.put.actionType(subscriptionRequested.type)
      .silentRun(RUN_MS);
    expect(fake.calls.storage.tokenData?.token).toBe(FAKE_ACCESS_TOKEN);
    expect(fake.calls.assign).toEqual([fakeConfig.helpdeskUrl]);
  });

  it('only logs an identity error: no token saved, no message, no navigation', async () => {
    const { fake, saga } = run({ identity: { error: 'access_denied' } }, confirmed());
    const { storeState } = await saga
      .dispatch(signInRequested())
      .put(signInEnded())
      .not.put.actionType(subscriptionRequested.type)
      .silentRun(RUN_MS);
    expect(fake.calls.log).toEqual([
      { message: expect.any(String), detail: { error: 'access_denied' } },
    ]);
    expect(fake.calls.storage.tokenData).toBeNull();
    expect(fake.calls.assign).toEqual([]);
    expect(fake.calls.navigate).toEqual([]);
    expect(storeState.errors).toEqual(buildState().errors);
    expect(storeState.session.signingIn).toBe(false);
  });

  it('opens one popup however often the button is pressed while it is open', async () => {
    const { fake, saga } = run({ identity: () => new Promise(() => undefined) }, confirmed());
    await saga.dispatch(signInRequested()).dispatch(signInRequested()).silentRun(RUN_MS);
    expect(fake.calls.identity).toHaveLength(1);
  });
});
