import type { RootState } from '../../app/rootReducer';

/** The customer whose delegates are managed: the signed-in person's own (docs/api.md query customer). */
export const selectCustomerId = (state: RootState) => state.subscription.user?.customerId;
export const selectDelegates = (state: RootState) => state.delegates;
