import type { SubscriptionInfo } from './subscription';

// Paths and bodies of the portal API (docs/api.md, Endpoints). Client and server both import these.
export const API_PATHS = {
  emailValidator: '/api/email-validator',
  subscriptionInfo: '/api/subscription-info',
  addLicence: '/api/add-licence',
  licenceDelegate: '/api/licence-delegate',
  supportDelegate: '/api/support-delegate',
  health: '/api/health',
  ready: '/api/ready',
  signOut: '/api/sign-out',
  history: '/api/history',
  photo: '/api/photo',
  pricePreview: '/api/price-preview',
} as const;

export type DelegateKind = 'licence' | 'support';

/** Both delegate lists, licence first (the order of the menu and of the dialogs). */
export const DELEGATE_KINDS: readonly DelegateKind[] = ['licence', 'support'];

export const DELEGATE_PATHS: Record<DelegateKind, string> = {
  licence: API_PATHS.licenceDelegate,
  support: API_PATHS.supportDelegate,
};

export type DelegateAction = 'add' | 'delete';

export interface EmailValidatorResponse {
  isGoogleAccount: boolean;
}

export interface AddLicenceRequest {
  customerId: string;
  subscriptionId: string;
  /** The new total: current plus added. */
  numberOfSeats: number;
  /**
   * The total on the person's screen when they confirmed; the server refuses the add with 409 ABORTED
   * when the subscription's total is no longer this. Optional only for older clients.
   */
  expectedNumberOfSeats?: number;
}

export interface AddLicenceResponse {
  subscription: SubscriptionInfo;
}

export interface DelegateChangeRequest {
  email: string;
  customerId: string;
  action: DelegateAction;
}

export interface DelegateListResponse {
  members: string[];
}

/** Header that carries the identity provider's access token to subscription-info. */
export const TOKEN_HEADER = 'x-goog-token';
/** Double-submit XSRF names (docs/api.md, docs/behaviour.md 9). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'portal_session';
/** Over https and in google mode: no sibling subdomain can plant it (docs/security.md). */
export const HOST_COOKIE_PREFIX = '__Host-';

/** The session's two cookie names: prefixed when the cookies are Secure (docs/api.md, Conventions). */
export interface SessionCookieNames {
  session: string;
  xsrf: string;
}

export function sessionCookieNames(secure: boolean): SessionCookieNames {
  const prefix = secure ? HOST_COOKIE_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, xsrf: `${prefix}${XSRF_COOKIE}` };
}
