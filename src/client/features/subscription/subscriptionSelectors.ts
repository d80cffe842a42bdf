import type { RootState } from '../../app/rootReducer';

export const selectUser = (state: RootState) => state.subscription.user;
export const selectPurchase = (state: RootState) => state.subscription.purchase;
export const selectLoadingSubscription = (state: RootState) =>
  state.subscription.loadingSubscription;
