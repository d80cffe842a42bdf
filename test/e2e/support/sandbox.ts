// The sandbox dataset of README.md, Demo accounts (sandbox), as the browser tests rely on it.
export const ACME = {
  domain: 'acme.example',
  customerId: 'C0acme001',
  subscriptionId: 'sub-acme-001',
  skuName: 'Google Workspace Business Standard',
  numberOfSeats: 20,
  licensedNumberOfSeats: 17,
  maximumNumberOfSeats: 50,
  admin: 'admin@acme.example',
  licences: 'licences@acme.example',
  support: 'support@acme.example',
  staff: 'staff@acme.example',
} as const;

export const FLEX = {
  admin: 'admin@flex.example',
  skuName: 'Google Workspace Business Starter',
} as const;

/** The usage-warning demo customer (src/server/providers/sandbox/seatDemos.ts), capped by the
 * default seat policy. */
export const FULL = {
  admin: 'admin@full.example',
  numberOfSeats: 25,
  licensedNumberOfSeats: 23,
  maximumNumberOfSeats: 50,
} as const;
/** The seed's subscription suspended by the reseller. */
export const SUSPENDED_ADMIN = 'admin@paused.example';

export const NOSUB_ADMIN = 'admin@nosub.example';
export const STRANGER = 'someone@stranger.example';

/** The sandbox stand-ins for the external destinations (README.md, Demo accounts (sandbox)). */
export const SANDBOX_PAGES = {
  contact: {
    path: '/sandbox/contact',
    heading: "Contact the provider (the provider's contact page)",
  },
  helpdesk: { path: '/sandbox/helpdesk', heading: 'Help-desk portal' },
  supportSite: { path: '/sandbox/support-site', heading: 'Support site' },
} as const;
