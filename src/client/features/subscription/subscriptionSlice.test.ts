import { subscriptionRequested } from '../../events/portalEvents';
import { sampleSubscription } from '../../../contract/sampleSubscription';
import {
  addLicencesCancelled,
  addLicencesConfirmed,
  addLicencesFailed,
  addLicencesSkipped,
  addLicencesRequested,
  addLicencesSucceeded,
  initialSubscriptionState,
  subscriptionFailed,
  subscriptionLoaded,
  subscriptionReducer,
  successDialogClosed,
} from './subscriptionSlice';

describe('subscription reducer', () => {
  it('starts as docs/behaviour.md 3.1 says: loadingSubscription false, user undefined (docs/behaviour.md 3.1)', () => {
    const state = subscriptionReducer(undefined, { type: '@@test/init' });
    expect(state.loadingSubscription).toBe(false);
    expect(state.user).toBeUndefined();
    expect(state.purchase).toEqual({ status: 'idle', seatsToAdd: 0 });
  });

  it('loads: loadingSubscription true, then false with the user set', () => {
    const loading = subscriptionReducer(
      initialSubscriptionState,
      subscriptionRequested({ token: 't', email: 'a@acme.example' }),
    );
    expect(loading.loadingSubscription).toBe(true);
    const info = sampleSubscription();
    expect(subscriptionReducer(loading, subscriptionLoaded(info))).toMatchObject({
      loadingSubscription: false,
      user: info,
    });
    expect(subscriptionReducer(loading, subscriptionFailed())).toMatchObject({
      loadingSubscription: false,
      user: undefined,
    });
  });

  it('walks a purchase: confirm, processing, succeeded with the new subscription', () => {
    const user = sampleSubscription();
    const signedIn = { ...initialSubscriptionState, user };
    const confirming = subscriptionReducer(signedIn, addLicencesRequested({ seatsToAdd: 4 }));
    expect(confirming.purchase).toEqual({ status: 'confirming', seatsToAdd: 4 });
    const processing = subscriptionReducer(confirming, addLicencesConfirmed());
    expect(processing.purchase).toEqual({ status: 'processing', seatsToAdd: 4 });
    const bought = { ...user, numberOfSeats: 24 };
    const done = subscriptionReducer(processing, addLicencesSucceeded(bought));
    expect(done.purchase.status).toBe('succeeded');
    expect(done.user).toEqual(bought);
    expect(subscriptionReducer(done, successDialogClosed())).toEqual(done);
  });

  it('cancel, failure and a skipped purchase bring the form back', () => {
    const confirming = subscriptionReducer(
      initialSubscriptionState,
      addLicencesRequested({ seatsToAdd: 4 }),
    );
    expect(subscriptionReducer(confirming, addLicencesCancelled()).purchase).toEqual({
      status: 'idle',
      seatsToAdd: 0,
    });
    const processing = subscriptionReducer(confirming, addLicencesConfirmed());
    expect(subscriptionReducer(processing, addLicencesFailed()).purchase).toEqual({
      status: 'idle',
      seatsToAdd: 0,
    });
    expect(subscriptionReducer(processing, addLicencesSkipped()).purchase).toEqual({
      status: 'idle',
      seatsToAdd: 0,
    });
  });

  it('starts a purchase only from the open confirm dialog', () => {
    const idle = subscriptionReducer(initialSubscriptionState, addLicencesConfirmed());
    expect(idle.purchase.status).toBe('idle');
    const bought = subscriptionReducer(
      { ...initialSubscriptionState, purchase: { status: 'succeeded', seatsToAdd: 5 } },
      addLicencesConfirmed(),
    );
    expect(bought.purchase.status).toBe('succeeded');
  });
});
