import { API_PATHS } from '../../../contract/api';
import { rootReducer, type RootState } from '../../app/rootReducer';
import { makeStore } from '../../app/store';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { buildState } from '../../../testing/client/state';
import {
  apiError,
  createFakeServices,
  networkFailure,
  type FakeHttpAnswer,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { sampleSubscription } from '../../../contract/sampleSubscription';
import { sessionSaga } from './sessionSaga';
import { signedOut, signOutRequested } from './sessionSlice';

const SIGN_OUT = `POST ${API_PATHS.signOut}`;
const stored = { token: 'ya29.stored', expiry: Number.MAX_SAFE_INTEGER };
const noContent: FakeHttpAnswer = { status: 204, body: null };

/** A signed-in admin with a delegate dialog open and an error on screen. */
const signedIn = (): RootState =>
  buildState({
    session: { email: 'admin@acme.example', emailCheck: 'confirmed' },
    subscription: { user: sampleSubscription() },
    delegates: {
      licence: { open: true, status: 'ready', members: ['a@acme.example'], input: 'x' },
    },
    errors: { dialogMessage: 'Something failed.' },
  });

const run = (options: FakeServicesOptions) =>
  runSaga(sessionSaga, { tokenData: stored, email: 'admin@acme.example', ...options }, signedIn());

describe('sign-out', () => {
  it('ends the session on the server, removes the token, revokes it, forgets the state and goes home', async () => {
    let tokenWhenServerCalled: unknown = 'not called';
    const { fake, saga } = run({
      http: {
        [SIGN_OUT]: () => {
          tokenWhenServerCalled = fake.calls.storage.tokenData;
          return noContent;
        },
      },
    });
    const { storeState } = await saga
      .dispatch(signOutRequested())
      .put(signedOut())
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([{ method: 'POST', path: API_PATHS.signOut, body: {} }]);
    // The server is told while the page still holds the session.
    expect(tokenWhenServerCalled).toEqual(stored);
    expect(fake.calls.storage.tokenData).toBeNull();
    expect(fake.calls.revoked).toEqual(['ya29.stored']);
    expect(fake.calls.navigate).toEqual(['/']);
    expect(storeState).toEqual(rootReducer(undefined, { type: '@@test/init' }));
    // The e-mail stays for the next sign-in's hint (docs/behaviour.md 3.2).
    expect(fake.calls.storage.email).toBe('admin@acme.example');
  });

  it.each([
    ['a network failure', networkFailure],
    ['an expired session (401)', apiError(401, 'UNAUTHENTICATED', 'Request had invalid …')],
    ['a server failure (500)', apiError(500, 'INTERNAL', 'The portal could not complete …')],
    [
      'a sign-out the portal store could not record (503)',
      apiError(503, 'UNAVAILABLE', 'You are signed out on this browser, but …'),
    ],
  ])('signs out on this browser all the same after %s, and logs it', async (_name, answer) => {
    const { fake, saga } = run({ http: { [SIGN_OUT]: answer } });
    const { storeState } = await saga
      .dispatch(signOutRequested())
      .put(signedOut())
      .silentRun(RUN_MS);
    expect(fake.calls.storage.tokenData).toBeNull();
    expect(fake.calls.revoked).toEqual(['ya29.stored']);
    expect(fake.calls.navigate).toEqual(['/']);
    expect(storeState.subscription.user).toBeUndefined();
    expect(fake.calls.log.map((entry) => entry.message)).toEqual([
      'Signing out on the server failed.',
    ]);
  });

  it('goes on when the provider refuses to revoke, and logs it', async () => {
    const { fake, saga } = run({
      http: { [SIGN_OUT]: noContent },
      revoke: { error: 'invalid_token' },
    });
    await saga.dispatch(signOutRequested()).put(signedOut()).silentRun(RUN_MS);
    expect(fake.calls.navigate).toEqual(['/']);
    expect(fake.calls.log).toEqual([
      {
        message: 'The identity provider did not revoke the token.',
        detail: { error: 'invalid_token' },
      },
    ]);
  });

  it('revokes nothing when no token is stored, or when the identity service cannot revoke', async () => {
    const withoutToken = run({ http: { [SIGN_OUT]: noContent }, tokenData: null });
    await withoutToken.saga.dispatch(signOutRequested()).put(signedOut()).silentRun(RUN_MS);
    expect(withoutToken.fake.calls.revoked).toEqual([]);

    const withoutRevoke = run({ http: { [SIGN_OUT]: noContent }, revoke: 'absent' });
    await withoutRevoke.saga.dispatch(signOutRequested()).put(signedOut()).silentRun(RUN_MS);
    expect(withoutRevoke.fake.calls.storage.tokenData).toBeNull();
    expect(withoutRevoke.fake.calls.navigate).toEqual(['/']);
  });

  it('signs out once however often the button is pressed meanwhile (real store)', async () => {
    let answer: (reply: FakeHttpAnswer) => void = () => undefined;
    const fake = createFakeServices({
      tokenData: stored,
      http: {
        [SIGN_OUT]: () =>
          new Promise<FakeHttpAnswer>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const store = makeStore({ context: fake.services, preloadedState: signedIn() });
    store.dispatch(signOutRequested());
    store.dispatch(signOutRequested());
    expect(store.getState().session.signingOut).toBe(true);
    answer(noContent);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.http).toHaveLength(1);
    expect(fake.calls.navigate).toEqual(['/']);
    expect(store.getState().session.signingOut).toBe(false);
  });
});
