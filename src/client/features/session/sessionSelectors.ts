import type { RootState } from '../../app/rootReducer';

export const selectSession = (state: RootState) => state.session;
export const selectSessionEmail = (state: RootState) => state.session.email;
export const selectDestination = (state: RootState) => state.session.destination;
export const selectSigningOut = (state: RootState) => state.session.signingOut;
