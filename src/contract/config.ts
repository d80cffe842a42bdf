// Runtime configuration the server injects into index.html (docs/api.md, Pages) as
// <script type="application/json" id="portal-config">. One build serves sandbox and Google.
export type IdentityKind = 'google' | 'sandbox';

export interface PortalConfig {
  identity: {
    kind: IdentityKind;
    clientId: string;
    /** Sandbox only: the popup page of the embedded identity provider. */
    authorizeUrl?: string;
  };
  /** Provider's external contact page (consumer accounts, non-customers). */
  contactUrl: string;
  /** External help-desk portal (the support destination). */
  helpdeskUrl: string;
  /** The support site embedded at /support. */
  supportSiteUrl: string;
  /** Help-centre article on Flexible plans. */
  helpCentreUrl: string;
  /** Scenario recording switched on by configuration (docs/scenarios.md, In the browser). */
  recording?: boolean;
  /** The XSRF cookie this page's answers set (docs/api.md, Conventions); XSRF-TOKEN when absent. */
  xsrfCookie?: string;
}

export const PORTAL_CONFIG_ELEMENT_ID = 'portal-config';
