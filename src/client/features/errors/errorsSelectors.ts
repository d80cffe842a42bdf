import type { RootState } from '../../app/rootReducer';

export const selectErrorDialogMessage = (state: RootState) => state.errors.dialogMessage;
/** /forbidden opens only with an error stored (docs/behaviour.md 4.21). */
export const selectHasStoredError = (state: RootState) =>
  state.errors.isForbidden && state.errors.stored !== null;
export const selectStoredErrorDetails = (state: RootState) => state.errors.stored?.details;
