import type { DelegateKind } from '../../../contract/api';
import type { WorkspaceSubscription } from '../provider';

// The sandbox's seed (contract §5, "Sandbox dataset"): README, tests and QA rely on every value here.

export const SANDBOX_RESELLER_NAME = 'Sandbox Reseller';
/** Where the sandbox pages serve the seeded photos; a directory user's photo file is relative to it. */
export const SANDBOX_PHOTO_PATH = '/sandbox/photos/';

export interface SeedCustomer {
  customerId: string;
  domain: string;
}

export interface SeedDirectoryUser {
  email: string;
  isAdmin: boolean;
  /** File name under SANDBOX_PHOTO_PATH, or null for the silhouette. */
  photo: string | null;
}

export interface SeedDelegate {
  kind: DelegateKind;
  customerId: string;
  email: string;
}

export const SEED_CUSTOMERS: readonly SeedCustomer[] = [
  { customerId: 'C0acme001', domain: 'acme.example' },
  { customerId: 'C0flex001', domain: 'flex.example' },
  { customerId: 'C0nosub01', domain: 'nosub.example' },
];

export const SEED_SUBSCRIPTIONS: readonly WorkspaceSubscription[] = [
  {
    subscriptionId: 'sub-acme-001',
    customerId: 'C0acme001',
    skuName: 'Google Workspace Business Standard',
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats: 20,
    licensedNumberOfSeats: 17,
    maximumNumberOfSeats: 50,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: '2027-03-31',
  },
  {
    subscriptionId: 'sub-flex-001',
    customerId: 'C0flex001',
    skuName: 'Google Workspace Business Starter',
    planName: 'FLEXIBLE',
    numberOfSeats: 10,
    licensedNumberOfSeats: 8,
    maximumNumberOfSeats: 300,
    status: 'ACTIVE',
    suspensionReasons: [],
    isTrial: false,
    renewalDate: null,
  },
];

/** stranger.example has a Google directory but is not a customer of the reseller. */
export const SEED_DIRECTORY_USERS: readonly SeedDirectoryUser[] = [
  { email: 'admin@acme.example', isAdmin: true, photo: 'admin-acme.svg' },
  { email: 'licences@acme.example', isAdmin: false, photo: null },
  { email: 'support@acme.example', isAdmin: false, photo: null },
  { email: 'staff@acme.example', isAdmin: false, photo: null },
  { email: 'admin@flex.example', isAdmin: true, photo: null },
  { email: 'admin@nosub.example', isAdmin: true, photo: null },
  { email: 'someone@stranger.example', isAdmin: false, photo: null },
];

export const SEED_DELEGATES: readonly SeedDelegate[] = [
  { kind: 'licence', customerId: 'C0acme001', email: 'licences@acme.example' },
  { kind: 'support', customerId: 'C0acme001', email: 'support@acme.example' },
];

/** The domains whose addresses the sandbox's e-mail validator treats as Google accounts. */
export const SANDBOX_GOOGLE_DOMAINS: readonly string[] = [
  'acme.example',
  'flex.example',
  'nosub.example',
  'stranger.example',
];
