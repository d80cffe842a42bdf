import type { Middleware } from '@reduxjs/toolkit';
import type { PortalConfig } from '../../contract/config';
import { isHistoryLink } from '../features/history/historyLink';
import { historyLinkFollowed } from '../features/history/historySlice';
import { destinationAt } from '../features/session/destination';
import { appStarted } from '../features/session/sessionSlice';
import type { Services } from '../services/types';
import { makeStore, type AppStore } from './store';

// How a page of the portal starts (docs/behaviour.md 4.1–4.3): the store with its services, then the first
// intent, which says where sign-in leads. The browser's boot and scenario replay both start here.
export interface StartPageOptions {
  config: PortalConfig;
  services: Services;
  /** Runs before the saga middleware, e.g. the scenario recorder. */
  middleware?: readonly Middleware[];
  /** Where the page opened. */
  location: { pathname: string; search: string };
}

export function startPage({ config, services, middleware, location }: StartPageOptions): AppStore {
  const store = makeStore({ context: { ...services, config }, middleware });
  store.dispatch(appStarted({ destination: destinationAt(location) }));
  if (isHistoryLink(location)) store.dispatch(historyLinkFollowed());
  return store;
}
