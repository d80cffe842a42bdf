import { createAction } from '@reduxjs/toolkit';

// The actions one feature's saga sends and another feature's slice handles. They live here, below
// the features, so that no feature imports another (docs/architecture.md, Layers); each keeps the
// type string of the slice that handles it.

/** What /forbidden shows: the failure's message and its details (docs/behaviour.md 8.4). */
export interface StoredError {
  message: string;
  details: string;
}

/** A signed-in person: the access token and the address it was issued for. */
export interface SignedInSession {
  token: string;
  email: string;
}

/** Sign-in or a stored session asks for the subscription (session → subscription). */
export const subscriptionRequested = createAction<SignedInSession>(
  'subscription/subscriptionRequested',
);

/** 'Oops! An Error Occurred.' with a message (subscription, delegates, history → errors). */
export const errorDialogShown = createAction<{ message: string }>('errors/errorDialogShown');

/** A subscription failure kept for /forbidden (subscription → errors). */
export const forbiddenErrorStored = createAction<StoredError>('errors/forbiddenErrorStored');
