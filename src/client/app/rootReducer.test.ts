import { signedOut } from '../features/session/sessionSlice';
import { buildState } from '../../testing/client/state';
import { sampleSubscription } from '../../contract/sampleSubscription';
import { rootReducer } from './rootReducer';

describe('root reducer', () => {
  it('forgets every slice on sign-out', () => {
    const signedIn = buildState({
      session: { destination: 'licenses', email: 'admin@acme.example', signingOut: true },
      subscription: {
        user: sampleSubscription(),
        purchase: { status: 'succeeded', seatsToAdd: 2 },
      },
      delegates: { changing: true },
      errors: { isForbidden: true, stored: { message: 'm', details: 'd' }, dialogMessage: 'x' },
    });
    expect(rootReducer(signedIn, signedOut())).toEqual(
      rootReducer(undefined, { type: '@@test/init' }),
    );
  });

  it('leaves the state alone for any other action', () => {
    const signedIn = buildState({ subscription: { user: sampleSubscription() } });
    expect(rootReducer(signedIn, { type: 'something/else' })).toBe(signedIn);
  });
});
