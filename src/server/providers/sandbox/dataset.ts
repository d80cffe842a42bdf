import type { DelegateKind } from '../../../contract/api';
import type { SubscriptionStatus } from '../../../contract/subscription';

// The sandbox's seed (README's demo accounts): README, tests and QA rely on every value here. Its
// subscriptions follow the Reseller API's shapes: an annual plan has numberOfSeats and no maximum
// (the seat policy gives one), a Flexible plan has maximumNumberOfSeats and no numberOfSeats.

export const SANDBOX_RESELLER_NAME = 'Sandbox Reseller';
/** Where the sandbox pages serve the seeded photos; a directory user's photo file is relative to it. */
export const SANDBOX_PHOTO_PATH = '/sandbox/photos/';

export interface SeedCustomer {
  customerId: string;
  /** The primary domain. */
  domain: string;
  /** Other domains of the account; its users may have addresses there. */
  secondaryDomains: readonly string[];
}

export interface SeedSubscription {
  subscriptionId: string;
  customerId: string;
  skuId: string;
  skuName: string;
  planName: string;
  /** Annual plans only: the seats bought. */
  numberOfSeats: number | null;
  /** Flexible and trial plans only: Google's maximum. */
  maximumNumberOfSeats: number | null;
  licensedNumberOfSeats: number;
  status: SubscriptionStatus;
  suspensionReasons: readonly string[];
  isTrial: boolean;
  renewalDate: string | null;
}

export interface SeedDirectoryUser {
  email: string;
  /** The Google account the user belongs to (not necessarily a customer of the reseller). */
  customerId: string;
  isAdmin: boolean;
  /** File name under SANDBOX_PHOTO_PATH, or null for the silhouette. */
  photo: string | null;
  suspended: boolean;
  archived: boolean;
  aliases: readonly string[];
}

export interface SeedDelegate {
  kind: DelegateKind;
  customerId: string;
  email: string;
}

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  { customerId: 'C0acme001', domain: 'acme.example', secondaryDomains: ['acme-eu.example'] },
  { customerId: 'C0flex001', domain: 'flex.example', secondaryDomains: [] },
  { customerId: 'C0nosub01', domain: 'nosub.example', secondaryDomains: [] },
  { customerId: 'C0pause01', domain: 'paused.example', secondaryDomains: [] },
];

/** stranger.example's Google account, which another reseller manages. */
export const STRANGER_CUSTOMER_ID = 'C0other99';

export const SEED_SUBSCRIPTIONS: readonly SeedSubscription[] = [
  {
    subscriptionId: 'sub-acme-001',
    customerId: 'C0acme001',
    skuId: '1010020028',
    skuName: 'Google Workspace Business Standard',
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats: 20,
    maximumNumberOfSeats: null,
    licensedNumberOfSeats: 17,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: '2027-03-31',
  },
  // Archived users' licences are a subscription of their own; never the one the portal shows.
  {
    subscriptionId: 'sub-acme-archived',
    customerId: 'C0acme001',
    skuId: '1010340006',
    skuName: 'Google Workspace Business Standard - Archived User',
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats: 5,
    maximumNumberOfSeats: null,
    licensedNumberOfSeats: 2,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: '2027-03-31',
  },
  {
    subscriptionId: 'sub-flex-001',
    customerId: 'C0flex001',
    skuId: '1010020027',
    skuName: 'Google Workspace Business Starter',
    planName: 'FLEXIBLE',
    numberOfSeats: null,
    maximumNumberOfSeats: 300,
    licensedNumberOfSeats: 10,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: null,
  },
  {
    subscriptionId: 'sub-pause-001',
    customerId: 'C0pause01',
    skuId: '1010020025',
    skuName: 'Google Workspace Business Plus',
    planName: 'ANNUAL_YEARLY_PAY',
    numberOfSeats: 15,
    maximumNumberOfSeats: null,
    licensedNumberOfSeats: 12,
    status: 'SUSPENDED',
    suspensionReasons: ['RESELLER_INITIATED'],
    isTrial: false,
    renewalDate: '2026-09-30',
  },
];

function person(
  email: string,
  customerId: string,
  extra: Partial<SeedDirectoryUser> = {},
): SeedDirectoryUser {
  return {
    email,
    customerId,
    isAdmin: false,
    photo: null,
    suspended: false,
    archived: false,
    aliases: [],
    ...extra,
  };
}

/** stranger.example has a Google directory but is not a customer of the reseller. */
export const SEED_DIRECTORY_USERS: readonly SeedDirectoryUser[] = [
  person('admin@acme.example', 'C0acme001', { isAdmin: true, photo: 'admin-acme.svg' }),
  person('licences@acme.example', 'C0acme001'),
  person('support@acme.example', 'C0acme001'),
  person('staff@acme.example', 'C0acme001', { aliases: ['team@acme-eu.example'] }),
  person('maria@acme-eu.example', 'C0acme001'),
  person('former@acme.example', 'C0acme001', { suspended: true }),
  person('archived@acme.example', 'C0acme001', { archived: true }),
  person('admin@flex.example', 'C0flex001', { isAdmin: true }),
  person('admin@nosub.example', 'C0nosub01', { isAdmin: true }),
  person('admin@paused.example', 'C0pause01', { isAdmin: true }),
  person('someone@stranger.example', STRANGER_CUSTOMER_ID),
];

export const SEED_DELEGATES: readonly SeedDelegate[] = [
  { kind: 'licence', customerId: 'C0acme001', email: 'licences@acme.example' },
  { kind: 'support', customerId: 'C0acme001', email: 'support@acme.example' },
];

/** The reseller's own Google account and domain, where its staff and their groups are. */
export const SANDBOX_RESELLER_CUSTOMER_ID = 'C0resell0';
export const SANDBOX_RESELLER_DOMAIN = 'sandbox.example';

/** The sandbox's RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP (docs/security.md, The reseller's console). */
export const SANDBOX_STAFF_GROUPS = {
  admins: 'reseller-admins@sandbox.example',
  support: 'reseller-support@sandbox.example',
} as const;

/** README's staff accounts: a reseller admin, reseller support, and someone in neither group. */
export const SEED_STAFF_USERS: readonly SeedDirectoryUser[] = [
  person('ops@sandbox.example', SANDBOX_RESELLER_CUSTOMER_ID, { isAdmin: true }),
  person('desk@sandbox.example', SANDBOX_RESELLER_CUSTOMER_ID),
  person('nobody@sandbox.example', SANDBOX_RESELLER_CUSTOMER_ID),
];

export interface SeedGroupMember {
  group: string;
  email: string;
}

export const SEED_STAFF_GROUP_MEMBERS: readonly SeedGroupMember[] = [
  { group: SANDBOX_STAFF_GROUPS.admins, email: 'ops@sandbox.example' },
  { group: SANDBOX_STAFF_GROUPS.support, email: 'desk@sandbox.example' },
];

/** The domains whose addresses the sandbox's e-mail validator treats as Google accounts. */
export const SANDBOX_GOOGLE_DOMAINS: readonly string[] = [
  'acme.example',
  'acme-eu.example',
  'flex.example',
  'nosub.example',
  'paused.example',
  'stranger.example',
  SANDBOX_RESELLER_DOMAIN,
];
