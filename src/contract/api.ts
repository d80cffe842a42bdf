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
  resellerEvents: '/api/reseller/events',
  staffSignIn: '/api/reseller/console/sign-in',
  staffSession: '/api/reseller/console/session',
  customerList: '/api/reseller/customers',
  customerSettings: '/api/reseller/customers/:customerId/settings',
  resellerDefaults: '/api/reseller/defaults',
  staffAudit: '/api/reseller/audit',
  ledger: '/api/reseller/ledger',
} as const;

/** The settings path of one customer (its customerId or a domain of it), as the console calls it. */
export function customerSettingsPath(customerId: string): string {
  return API_PATHS.customerSettings.replace(':customerId', encodeURIComponent(customerId));
}

/** Every route of the reseller's own systems and staff starts here (docs/api.md, The reseller's routes). */
export const RESELLER_API_PREFIX = '/api/reseller/';

export type DelegateKind = 'licence' | 'support';

/** Both delegate lists, licence first (the order of the menu and of the dialogs). */
export const DELEGATE_KINDS: readonly DelegateKind[] = ['licence', 'support'];

export const DELEGATE_PATHS: Record<DelegateKind, string> = {
  licence: API_PATHS.licenceDelegate,
  support: API_PATHS.supportDelegate,
};

export type { DelegateAction } from './fields';

// Their requests and answers, one schema each (docs/architecture.md, One definition per API shape).
export type {
  AddLicenceRequest,
  AddLicenceResponse,
  DelegateChangeRequest,
  DelegateListResponse,
  EmailValidatorResponse,
  StaffIdentity,
  StaffRole,
} from './endpoints';

/** Header that carries the identity provider's access token to subscription-info and the staff sign-in. */
export const TOKEN_HEADER = 'x-goog-token';
/** Double-submit XSRF names (docs/api.md, docs/behaviour.md 9). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/**
 * The browser's IANA time zone, sent with every change (docs/api.md, Conventions): the dates of the
 * person's mail are written in it (docs/notifications.md).
 */
export const TIME_ZONE_HEADER = 'X-Time-Zone';
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
