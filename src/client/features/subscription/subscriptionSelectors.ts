import type { RootState } from '../../app/rootReducer';
import { NO_PRICE } from './subscriptionSlice';

export const selectUser = (state: RootState) => state.subscription.user;
export const selectPurchase = (state: RootState) => state.subscription.purchase;
export const selectLoadingSubscription = (state: RootState) =>
  state.subscription.loadingSubscription;
export const selectPurchaseStatus = (state: RootState) => state.subscription.purchase.status;
export const selectSignedIn = (state: RootState) => state.subscription.user !== undefined;
/** The total the person sees, 0 before a subscription is held. */
export const selectCurrentTotal = (state: RootState) => state.subscription.user?.numberOfSeats ?? 0;
/** The confirm dialog's price and, after the purchase, the success dialog's. */
export const selectPrice = (state: RootState) => state.subscription.price ?? NO_PRICE;
