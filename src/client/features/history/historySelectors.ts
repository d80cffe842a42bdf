import type { RootState } from '../../app/rootReducer';

export const selectHistory = (state: RootState) => state.history;
/** The history shown is the signed-in person's own organisation's (docs/api.md query customer). */
export const selectCustomerId = (state: RootState) => state.subscription.user?.customerId;
export const selectCustomerDomain = (state: RootState) => state.subscription.user?.customerDomain;
