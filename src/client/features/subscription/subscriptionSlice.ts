import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PricePreview } from '../../../contract/prices';
import type { SubscriptionInfo } from '../../../contract/subscription';
import { subscriptionRequested } from '../../events/portalEvents';

// The page's state (docs/behaviour.md 3.1: loadingSubscription, user) and the licence purchase (docs/behaviour.md 4.15, 4.16).
export type PurchaseStatus = 'idle' | 'confirming' | 'processing' | 'succeeded';

/**
 * The confirm dialog's price (docs/behaviour.md 4.15): loading while asked, `shown` with a preview or
 * with none configured (null), `failed` when it could not be read; never a reason not to buy.
 */
export type PriceStatus = 'idle' | 'loading' | 'shown' | 'failed';

export interface PriceState {
  status: PriceStatus;
  preview: PricePreview | null;
}

export const NO_PRICE: PriceState = { status: 'idle', preview: null };

export interface SubscriptionState {
  loadingSubscription: boolean;
  user: SubscriptionInfo | undefined;
  purchase: {
    status: PurchaseStatus;
    /** Licences the person asked to add. */
    seatsToAdd: number;
  };
  /** What the seats in the confirm dialog cost, kept for the success dialog; absent when no dialog asked. */
  price?: PriceState;
}

export const initialSubscriptionState: SubscriptionState = {
  loadingSubscription: false,
  user: undefined,
  purchase: { status: 'idle', seatsToAdd: 0 },
};

const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    subscriptionLoaded(state, action: PayloadAction<SubscriptionInfo>) {
      state.loadingSubscription = false;
      state.user = action.payload;
    },
    subscriptionFailed(state) {
      state.loadingSubscription = false;
    },
    /** 'Add Licenses' on the dashboard: opens the confirm dialog. */
    addLicencesRequested(state, action: PayloadAction<{ seatsToAdd: number }>) {
      state.purchase = { status: 'confirming', seatsToAdd: action.payload.seatsToAdd };
      state.price = { status: 'loading', preview: null };
    },
    addLicencesCancelled(state) {
      state.purchase = { status: 'idle', seatsToAdd: 0 };
      delete state.price;
    },
    /** The server's preview for the seats in the open dialog; null when no price is configured. */
    pricePreviewLoaded(state, action: PayloadAction<PricePreview | null>) {
      if (state.price?.status === 'loading') {
        state.price = { status: 'shown', preview: action.payload };
      }
    },
    /** The preview could not be read: the dialog says so, and the purchase goes on without it. */
    pricePreviewFailed(state) {
      if (state.price?.status === 'loading') state.price = { status: 'failed', preview: null };
    },
    /** 'Add Licenses' in the confirm dialog: the purchase is sent. */
    addLicencesConfirmed(state) {
      // Only the open confirm dialog starts a purchase; a stray confirm never buys twice.
      if (state.purchase.status === 'confirming') state.purchase.status = 'processing';
    },
    addLicencesSucceeded(state, action: PayloadAction<SubscriptionInfo>) {
      state.purchase.status = 'succeeded';
      state.user = action.payload;
    },
    /** The purchase request failed: the error dialog shows why (errors slice); the form comes back. */
    addLicencesFailed(state) {
      state.purchase = { status: 'idle', seatsToAdd: 0 };
      delete state.price;
    },
    /**
     * A refused purchase came with the subscription as it is now (Google gave it a new id;
     * docs/behaviour.md 8.7): the dashboard shows it, so the next purchase uses the new id.
     */
    freshSubscriptionReceived(state, action: PayloadAction<SubscriptionInfo>) {
      state.user = action.payload;
    },
    /** A confirmed purchase with nothing sensible to buy: nothing is sent and the form comes back. */
    addLicencesSkipped(state) {
      state.purchase = { status: 'idle', seatsToAdd: 0 };
    },
    /** 'Add Even More Licenses' or closing the success dialog: the page reloads. */
    successDialogClosed() {},
  },
  extraReducers: (builder) => {
    builder.addCase(subscriptionRequested, (state) => {
      state.loadingSubscription = true;
    });
  },
});

export const {
  subscriptionLoaded,
  subscriptionFailed,
  addLicencesRequested,
  addLicencesCancelled,
  pricePreviewLoaded,
  pricePreviewFailed,
  addLicencesConfirmed,
  addLicencesSucceeded,
  addLicencesFailed,
  addLicencesSkipped,
  freshSubscriptionReceived,
  successDialogClosed,
} = subscriptionSlice.actions;
export const subscriptionReducer = subscriptionSlice.reducer;
