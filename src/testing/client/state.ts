import type { RootState } from '../../client/app/rootReducer';
import { initialDelegatesState } from '../../client/features/delegates/delegatesSlice';
import { initialErrorsState } from '../../client/features/errors/errorsSlice';
import { initialHistoryState } from '../../client/features/history/historySlice';
import { initialSessionState } from '../../client/features/session/sessionSlice';
import { initialSubscriptionState } from '../../client/features/subscription/subscriptionSlice';
import { sampleSubscription } from '../../contract/sampleSubscription';

// The states a client test starts from, for the drawn portal and the saga tests alike.

/** A state to start from: each slice's initial state, overridden where the test says. */
export interface StateOverrides {
  session?: Partial<RootState['session']>;
  subscription?: Partial<RootState['subscription']>;
  delegates?: Partial<RootState['delegates']>;
  errors?: Partial<RootState['errors']>;
  history?: Partial<RootState['history']>;
}

export function buildState(overrides: StateOverrides = {}): RootState {
  return {
    session: { ...initialSessionState, ...overrides.session },
    subscription: { ...initialSubscriptionState, ...overrides.subscription },
    delegates: { ...initialDelegatesState, ...overrides.delegates },
    errors: { ...initialErrorsState, ...overrides.errors },
    history: { ...initialHistoryState, ...overrides.history },
  };
}

/** Signed in with the sample subscription (acme.example's admin); every other slice as it starts. */
export function signedInState(user = sampleSubscription()): RootState {
  return buildState({ subscription: { user } });
}
