import { API_PATHS, TOKEN_HEADER } from '../../../contract/api';
import { ERROR_TEXT } from '../../../contract/errors';
import {
  errorDialogShown,
  forbiddenErrorStored,
  subscriptionRequested,
} from '../../events/portalEvents';
import type { RootState } from '../../app/rootReducer';
import { makeStore } from '../../app/store';
import {
  apiError,
  createFakeServices,
  fakeConfig,
  networkFailure,
  ok,
  type FakeHttpAnswer,
  type FakeServicesOptions,
} from '../../../testing/client/fakeServices';
import { RUN_MS, runSaga } from '../../../testing/client/sagaRun';
import { buildState, signedInState } from '../../../testing/client/state';
import { sampleSubscription } from '../../../contract/sampleSubscription';
import { GENERIC_ADD_LICENCES_ERROR } from './addLicencesError';
import { subscriptionSaga } from './subscriptionSaga';
import {
  addLicencesConfirmed,
  addLicencesFailed,
  addLicencesSkipped,
  addLicencesRequested,
  addLicencesSucceeded,
  subscriptionFailed,
  subscriptionLoaded,
  successDialogClosed,
} from './subscriptionSlice';
import { UNEXPECTED_SUBSCRIPTION_ANSWER } from './subscriptionFailure';

const SUBSCRIPTION_INFO = `GET ${API_PATHS.subscriptionInfo}`;
const ADD_LICENCE = `POST ${API_PATHS.addLicence}`;

const run = (options: FakeServicesOptions, state: RootState = buildState()) =>
  runSaga(subscriptionSaga, { tokenData: { token: 'token-1', expiry: 1 }, ...options }, state);

const request = subscriptionRequested({ token: 'token-1', email: 'admin@acme.example' });

describe('subscription fetch (docs/behaviour.md 4.8–4.10)', () => {
  it('loads the subscription with the token header and goes to /licenses', async () => {
    const info = sampleSubscription();
    const { fake, saga } = run({ http: { [SUBSCRIPTION_INFO]: ok(info) } });
    const { storeState } = await saga
      .dispatch(request)
      .put(subscriptionLoaded(info))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      {
        method: 'GET',
        path: API_PATHS.subscriptionInfo,
        query: { email: 'admin@acme.example' },
        headers: { [TOKEN_HEADER]: 'token-1' },
      },
    ]);
    expect(fake.calls.navigate).toEqual(['/licenses']);
    expect(storeState.subscription).toMatchObject({ loadingSubscription: false, user: info });
    expect(fake.calls.tokenDataRemovals).toBe(0);
  });
});

describe('subscription fetch failures (docs/behaviour.md 8)', () => {
  const failWith = (answer: FakeHttpAnswer) => run({ http: { [SUBSCRIPTION_INFO]: answer } });

  it('sends a non-customer to the contact page and removes the token', async () => {
    const { fake, saga } = failWith(
      apiError(
        403,
        'PERMISSION_DENIED',
        'Not a customer of Sandbox Reseller',
        'Not a customer of Sandbox Reseller',
      ),
    );
    const { storeState } = await saga.dispatch(request).put(subscriptionFailed()).silentRun(RUN_MS);
    expect(fake.calls.assign).toEqual([fakeConfig.contactUrl]);
    expect(fake.calls.navigate).toEqual([]);
    expect(fake.calls.storage.tokenData).toBeNull();
    expect(fake.calls.tokenDataRemovals).toBe(1);
    expect(storeState.subscription).toMatchObject({ loadingSubscription: false, user: undefined });
    expect(storeState.errors.isForbidden).toBe(false);
  });

  it('goes home and reloads for insufficient scopes, removing the token', async () => {
    const { fake, saga } = failWith(
      apiError(403, 'PERMISSION_DENIED', ERROR_TEXT.insufficientScopes),
    );
    await saga.dispatch(request).not.put.actionType(forbiddenErrorStored.type).silentRun(RUN_MS);
    expect(fake.calls.navigate).toEqual(['/']);
    expect(fake.calls.reloads).toBe(1);
    expect(fake.calls.tokenDataRemovals).toBe(1);
  });

  it('reloads for an expired token, removing it', async () => {
    const { fake, saga } = failWith(apiError(401, 'UNAUTHENTICATED', ERROR_TEXT.unauthenticated));
    await saga.dispatch(request).not.put.actionType(forbiddenErrorStored.type).silentRun(RUN_MS);
    expect(fake.calls.reloads).toBe(1);
    expect(fake.calls.navigate).toEqual([]);
    expect(fake.calls.assign).toEqual([]);
    expect(fake.calls.tokenDataRemovals).toBe(1);
  });

  it('stores anything else and shows /forbidden, removing the token', async () => {
    const message = 'No Google Workspace subscription found for nosub.example.';
    const { fake, saga } = failWith(apiError(404, 'NOT_FOUND', message));
    const { storeState } = await saga
      .dispatch(request)
      .put(forbiddenErrorStored({ message, details: message }))
      .silentRun(RUN_MS);
    expect(fake.calls.navigate).toEqual(['/forbidden']);
    expect(fake.calls.tokenDataRemovals).toBe(1);
    expect(storeState.errors).toMatchObject({
      isForbidden: true,
      stored: { message, details: message },
    });
  });

  it.each([
    ['a network failure', networkFailure],
    ['an HTML page with status 502', { status: 502, body: '<html>gateway</html>' }],
  ])('shows /forbidden with a readable message for %s', async (_name, answer) => {
    const { fake, saga } = failWith(answer);
    const { storeState } = await saga.dispatch(request).silentRun(RUN_MS);
    expect(fake.calls.navigate).toEqual(['/forbidden']);
    expect(fake.calls.tokenDataRemovals).toBe(1);
    expect(storeState.errors.stored?.details).toMatch(/\w+/);
  });

  it('treats a 200 answer that is not a subscription as a failure', async () => {
    const { fake, saga } = failWith(ok({ customerId: 42 }));
    const { storeState } = await saga
      .dispatch(request)
      .not.put.actionType(subscriptionLoaded.type)
      .silentRun(RUN_MS);
    expect(storeState.errors.stored).toEqual({
      message: UNEXPECTED_SUBSCRIPTION_ANSWER,
      details: UNEXPECTED_SUBSCRIPTION_ANSWER,
    });
    expect(storeState.subscription.user).toBeUndefined();
    expect(fake.calls.navigate).toEqual(['/forbidden']);
    expect(fake.calls.tokenDataRemovals).toBe(1);
  });
});

describe('adding licences (docs/behaviour.md 4.15, 4.16, docs/api.md, docs/behaviour.md 8)', () => {
  const user = sampleSubscription({ numberOfSeats: 20, maximumNumberOfSeats: 50 });
  const signedIn = () => signedInState(user);

  it('sends the new total (current plus added) and shows success with the answered subscription', async () => {
    const bought = { ...user, numberOfSeats: 25 };
    const { fake, saga } = run(
      { http: { [ADD_LICENCE]: ok({ subscription: bought }) } },
      signedIn(),
    );
    const { storeState } = await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 5 }))
      .dispatch(addLicencesConfirmed())
      .put(addLicencesSucceeded(bought))
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([
      {
        method: 'POST',
        path: API_PATHS.addLicence,
        body: {
          customerId: 'C0acme001',
          subscriptionId: 'sub-acme-001',
          numberOfSeats: 25,
          expectedNumberOfSeats: 20,
        },
      },
    ]);
    expect(storeState.subscription.purchase.status).toBe('succeeded');
    expect(storeState.subscription.user?.numberOfSeats).toBe(25);
  });

  it('buys once: a confirm that does not come from the open confirm dialog sends nothing', async () => {
    const bought = { ...user, numberOfSeats: 25 };
    const { fake, saga } = run(
      { http: { [ADD_LICENCE]: ok({ subscription: bought }) } },
      signedIn(),
    );
    const { storeState } = await saga
      .dispatch(addLicencesConfirmed())
      .dispatch(addLicencesRequested({ seatsToAdd: 5 }))
      .dispatch(addLicencesConfirmed())
      .dispatch(addLicencesConfirmed())
      .silentRun(RUN_MS);
    expect(fake.calls.http).toHaveLength(1);
    expect(storeState.subscription.purchase.status).toBe('succeeded');
    expect(storeState.subscription.user?.numberOfSeats).toBe(25);
  });

  it('shows the new total even when the answer carries no subscription', async () => {
    const { saga } = run({ http: { [ADD_LICENCE]: ok(null) } }, signedIn());
    const { storeState } = await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 3 }))
      .dispatch(addLicencesConfirmed())
      .silentRun(RUN_MS);
    expect(storeState.subscription.user).toEqual({ ...user, numberOfSeats: 23 });
    expect(storeState.subscription.purchase.status).toBe('succeeded');
  });

  it.each([
    [
      'a broken seat rule',
      400,
      'INVALID_ARGUMENT',
      'numberOfSeats must not exceed maximumNumberOfSeats (50).',
    ],
    [
      'a stale page, whose total moved',
      409,
      'ABORTED',
      'The total number of licenses changed from 20 to 21 while you were adding licenses. Reload the page and try again.',
    ],
    [
      'a purchase while the last one is still being confirmed',
      409,
      'ABORTED',
      'Your last purchase of licenses is still being confirmed with Google, so nothing was bought. Reload the page in a minute to see the current total before buying more.',
    ],
    [
      'a purchase Google did not confirm',
      504,
      'UNKNOWN',
      "Google's Reseller API did not confirm the purchase in time, so it may have gone through. Reload the page to see the current total before trying again.",
    ],
  ] as const)(
    'shows the server text for %s (%i %s), keeps the total and brings the form back',
    async (_case, code, status, message) => {
      const { saga } = run(
        { http: { [ADD_LICENCE]: apiError(code, status, message) } },
        signedIn(),
      );
      const { storeState } = await saga
        .dispatch(addLicencesRequested({ seatsToAdd: 3 }))
        .dispatch(addLicencesConfirmed())
        .put(errorDialogShown({ message }))
        .put(addLicencesFailed())
        .not.put.actionType(addLicencesSucceeded.type)
        .silentRun(RUN_MS);
      expect(storeState.errors.dialogMessage).toBe(message);
      expect(storeState.subscription.purchase).toEqual({ status: 'idle', seatsToAdd: 0 });
      // Nothing was bought, or nothing is known to be: the page keeps what it knew until a reload.
      expect(storeState.subscription.user).toEqual(user);
    },
  );

  it('takes the fresh subscription a 409 carries when Google gave it a new id; nothing is bought', async () => {
    const message =
      'Google gave the subscription a new id while you were adding licenses, so nothing was bought. The page now shows the subscription as it is; check the total and try again.';
    const fresh = { ...user, subscriptionId: 'sub-acme-renewed', numberOfSeats: 21 };
    const { saga } = run(
      {
        http: {
          [ADD_LICENCE]: {
            status: 409,
            body: { subscription: fresh, error: { code: 409, status: 'ABORTED', message } },
          },
        },
      },
      signedIn(),
    );
    const { storeState } = await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 3 }))
      .dispatch(addLicencesConfirmed())
      .put(errorDialogShown({ message }))
      .not.put.actionType(addLicencesSucceeded.type)
      .silentRun(RUN_MS);
    expect(storeState.errors.dialogMessage).toBe(message);
    expect(storeState.subscription.user).toEqual(fresh);
    expect(storeState.subscription.purchase.status).toBe('idle');
  });

  it.each([
    ['a network failure', networkFailure],
    ['an HTML page', { status: 500, body: '<html>oops</html>' }],
    ['an envelope without a message', { status: 500, body: { error: { code: 500 } } }],
  ])('shows the generic message for %s', async (_name, answer) => {
    const { saga } = run({ http: { [ADD_LICENCE]: answer } }, signedIn());
    const { storeState } = await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 1 }))
      .dispatch(addLicencesConfirmed())
      .put(errorDialogShown({ message: GENERIC_ADD_LICENCES_ERROR }))
      .silentRun(RUN_MS);
    expect(storeState.subscription.purchase.status).toBe('idle');
  });

  it('does not send a second purchase while one is in flight (real store)', async () => {
    let answer: (value: FakeHttpAnswer) => void = () => undefined;
    const fake = createFakeServices({
      http: {
        [ADD_LICENCE]: () =>
          new Promise<FakeHttpAnswer>((resolve) => {
            answer = resolve;
          }),
      },
    });
    const store = makeStore({ context: fake.services, preloadedState: signedIn() });
    store.dispatch(addLicencesRequested({ seatsToAdd: 2 }));
    store.dispatch(addLicencesConfirmed());
    store.dispatch(addLicencesConfirmed());
    expect(store.getState().subscription.purchase.status).toBe('processing');
    answer(ok({ subscription: { ...user, numberOfSeats: 22 } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A stray confirm after the success buys nothing; a new purchase goes through the dialog again.
    store.dispatch(addLicencesConfirmed());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.http.filter((call) => call.path === API_PATHS.addLicence)).toHaveLength(1);
    store.dispatch(addLicencesRequested({ seatsToAdd: 2 }));
    store.dispatch(addLicencesConfirmed());
    answer(ok({ subscription: { ...user, numberOfSeats: 24 } }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The real store also asks for each dialog's price (docs/api.md, GET /api/price-preview).
    const purchases = fake.calls.http.filter((call) => call.path === API_PATHS.addLicence);
    expect(purchases).toHaveLength(2);
    expect(purchases[0]?.body).toMatchObject({
      numberOfSeats: 22,
      expectedNumberOfSeats: 20,
    });
    expect(purchases[1]?.body).toMatchObject({
      numberOfSeats: 24,
      expectedNumberOfSeats: 22,
    });
  });

  it('sends nothing when no licences were chosen', async () => {
    const { fake, saga } = run({}, signedIn());
    await saga
      .dispatch(addLicencesRequested({ seatsToAdd: 0 }))
      .dispatch(addLicencesConfirmed())
      .put(addLicencesSkipped())
      .silentRun(RUN_MS);
    expect(fake.calls.http).toEqual([]);
  });

  it('reloads the page when the success dialog closes', async () => {
    const { fake, saga } = run({}, signedIn());
    await saga.dispatch(successDialogClosed()).silentRun(RUN_MS);
    expect(fake.calls.reloads).toBe(1);
  });
});
