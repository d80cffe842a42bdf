import type { RootState } from '../../app/rootReducer';

export const selectHistory = (state: RootState) => state.history;
/** Whether the page opened at the mails' history link and the dialog has not opened since. */
export const selectHistoryLinked = (state: RootState) => state.history.linked === true;
/** The history shown is the signed-in person's own organisation's (docs/api.md query customer). */
export const selectCustomerId = (state: RootState) => state.subscription.user?.customerId;
export const selectCustomerDomain = (state: RootState) => state.subscription.user?.customerDomain;
