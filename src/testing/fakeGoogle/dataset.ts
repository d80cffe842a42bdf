import { crc32, deflateSync } from 'node:zlib';
import { skuNameOf } from '../../server/providers/skus';

// What the fake Google holds, in Google's own shapes: the sandbox demo (README's demo accounts) as the
// Reseller API and the Directory API would answer it, plus what only Google has (add-on and Archived
// User subscriptions, secondary domains, one behind a mail gateway, aliases, suspended and archived
// users, and personal Google accounts at a customer's addresses). Test-only.

export const RESELLER_DOMAIN = 'reseller.example';
export const RESELLER_ADMIN = `admin@${RESELLER_DOMAIN}`;
export const FAKE_GROUP_TEMPLATE = `portal-{kind}-{customerId}@${RESELLER_DOMAIN}`;
/** The reseller console's staff groups (RESELLER_ADMINS_GROUP, RESELLER_SUPPORT_GROUP). */
export const FAKE_STAFF_GROUPS = {
  admins: `reseller-admins@${RESELLER_DOMAIN}`,
  support: `reseller-support@${RESELLER_DOMAIN}`,
} as const;
/** The support desk team, a group nested in the support group (hasMember counts its members). */
const FAKE_DESK_TEAM = `desk-team@${RESELLER_DOMAIN}`;
const MS_PER_DAY = 24 * 60 * 60 * 1000;
const DAYS_PER_YEAR = 365;

export interface FakeCustomer {
  customerId: string;
  customerDomain: string;
  /** Secondary domains of the account: its users may have addresses there. */
  secondaryDomains: string[];
  /**
   * Domain aliases: every user of the account also receives mail at <local part>@<alias>, listed in
   * the user's nonEditableAliases; users.list knows no domain alias (its users live on the primary).
   */
  aliasDomains: string[];
  /** Managed by this reseller (false: another reseller or Google directly). */
  own: boolean;
  /** The customer's Admin console setting "reseller access". */
  resellerAccess: boolean;
  /** The customer's API control for the reseller's Admin SDK calls. */
  adminSdkAccess: boolean;
}

export interface FakeSubscription {
  customerId: string;
  subscriptionId: string;
  skuId: string;
  /** As the reseller ordered it; Google answers ANNUAL_MONTHLY_PAY as ANNUAL. */
  planName: 'ANNUAL_MONTHLY_PAY' | 'ANNUAL_YEARLY_PAY' | 'FLEXIBLE' | 'TRIAL';
  /** Annual plans only. */
  numberOfSeats?: number;
  /** Flexible and trial plans; on an annual plan, the read-only maximum Google may also send. */
  maximumNumberOfSeats?: number;
  licensedNumberOfSeats: number;
  status: 'ACTIVE' | 'SUSPENDED' | 'PENDING';
  suspensionReasons: string[];
  /** Epoch ms; the commitment of an annual plan ends here. */
  commitmentEnd?: number;
  trialEnd?: number;
  creationTime: number;
}

export interface FakeUser {
  id: string;
  primaryEmail: string;
  customerId: string;
  givenName: string;
  familyName: string;
  isAdmin: boolean;
  suspended: boolean;
  archived: boolean;
  aliases: string[];
  /** mimeType as Google answers it: the reference's JPEG, PNG, …, or image/jpeg, JPG from uploads. */
  photo: { mimeType: string; data: Buffer } | null;
}

/** What the Groups Settings API holds for a group (Schema$Groups keeps these as 'true'/'false'). */
export interface FakeGroupSettings {
  name: string;
  description: string;
  allowExternalMembers: 'true' | 'false';
  whoCanJoin: string;
}

/** A group's members as reads still show them for a while after a change (Google's lag). */
export interface StaleMembers {
  members: string[];
  readsLeft: number;
}

/**
 * A personal Google account (not in any directory) whose address is at a customer's domain: an
 * unmanaged account, or a conflicting one when a managed user has the same address (Google's Admin
 * Help, "About conflicting accounts"). Its id is its own; the address may be unverified.
 */
export interface FakePersonalAccount {
  id: string;
  email: string;
  emailVerified: boolean;
}

export interface FakeState {
  customers: FakeCustomer[];
  subscriptions: FakeSubscription[];
  users: FakeUser[];
  personalAccounts: FakePersonalAccount[];
  /** Group address (lower-cased) → member addresses in insertion order. */
  groups: Map<string, string[]>;
  /** Group address → its settings; a group made through the API starts internal. */
  groupSettings: Map<string, FakeGroupSettings>;
  /** How many reads after a member change still show the members as before it (0: none). */
  memberLagReads: number;
  /** Group address → the members reads show while the latest change has not shown yet. */
  staleMembers: Map<string, StaleMembers>;
  /** Domain → MX exchanges, for the DNS responder. */
  mx: Map<string, string[]>;
}

const GOOGLE_MX = ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'];
/** A mail gateway in front of Google (filtering, archiving): the domain's MX is not Google's. */
const GATEWAY_MX = ['mx1.mail-gateway.example', 'mx2.mail-gateway.example'];
/** Personal accounts' ids: Google account ids, apart from the directory users' (user() below). */
const PERSONAL_ID_BASE = 200_000_000_000_000_000_000n;

/** A solid-colour square PNG, as Google's photo service would hand out (96 × 96). */
export function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3)]);
  for (let x = 0; x < size; x += 1) row.set([red, green, blue], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PHOTO_SIZE = 96;

function customer(
  customerId: string,
  customerDomain: string,
  extra: Partial<FakeCustomer> = {},
): FakeCustomer {
  return {
    customerId,
    customerDomain,
    secondaryDomains: [],
    aliasDomains: [],
    own: true,
    resellerAccess: true,
    adminSdkAccess: true,
    ...extra,
  };
}

let userCounter = 0;
function user(primaryEmail: string, customerId: string, extra: Partial<FakeUser> = {}): FakeUser {
  userCounter += 1;
  const [local = ''] = primaryEmail.split('@');
  return {
    id: String(100_000_000_000_000_000_000n + BigInt(userCounter)),
    primaryEmail,
    customerId,
    givenName: local.charAt(0).toUpperCase() + local.slice(1),
    familyName: 'Example',
    isAdmin: false,
    suspended: false,
    archived: false,
    aliases: [],
    photo: null,
    ...extra,
  };
}

/**
 * A group made through the Directory API: internal (allowExternalMembers false), as Google makes
 * API-created groups; only the Groups Settings API opens it to members outside the organisation.
 */
export const API_GROUP_SETTINGS: FakeGroupSettings = {
  name: '',
  description: '',
  allowExternalMembers: 'false',
  whoCanJoin: 'CAN_REQUEST_TO_JOIN',
};

/** The reseller's own organisation: members from any other domain are outside it. */
export function isOutsideMember(email: string): boolean {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase() !== RESELLER_DOMAIN;
}

export function groupAddress(kind: 'licence' | 'support', customerId: string): string {
  return FAKE_GROUP_TEMPLATE.replace('{kind}', kind).replace(
    '{customerId}',
    customerId.toLowerCase(),
  );
}

/** The demo, in Google's shapes. `now` anchors creation times; renewal dates are fixed days. */
export function demoState(now: number = Date.now()): FakeState {
  const yearAgo = now - DAYS_PER_YEAR * MS_PER_DAY;
  const customers = [
    customer('C0acme001', 'acme.example', {
      secondaryDomains: ['acme-eu.example', 'acme-labs.example'],
      aliasDomains: ['acme-mail.example'],
    }),
    customer('C0flex001', 'flex.example'),
    customer('C0nosub01', 'nosub.example'),
    customer('C0pause01', 'paused.example'),
    // Google Workspace through another reseller: customers.get answers it with the bare minimum.
    customer('C0other99', 'stranger.example', { own: false }),
  ];
  const annual = (
    customerId: string,
    subscriptionId: string,
    skuId: string,
    numberOfSeats: number,
    licensedNumberOfSeats: number,
    extra: Partial<FakeSubscription> = {},
  ): FakeSubscription => ({
    customerId,
    subscriptionId,
    skuId,
    planName: 'ANNUAL_MONTHLY_PAY',
    numberOfSeats,
    licensedNumberOfSeats,
    status: 'ACTIVE',
    suspensionReasons: [],
    commitmentEnd: Date.parse('2027-03-31T00:00:00Z'),
    creationTime: yearAgo,
    ...extra,
  });
  const flexible = (
    customerId: string,
    subscriptionId: string,
    skuId: string,
    maximumNumberOfSeats: number,
    licensedNumberOfSeats: number,
  ): FakeSubscription => ({
    customerId,
    subscriptionId,
    skuId,
    planName: 'FLEXIBLE',
    maximumNumberOfSeats,
    licensedNumberOfSeats,
    status: 'ACTIVE',
    suspensionReasons: [],
    creationTime: yearAgo,
  });
  // ACME's Workspace subscription is listed after three others, so finding it takes a second page.
  const subscriptions: FakeSubscription[] = [
    flexible('C0acme001', 'sub-acme-storage', 'Google-Drive-storage-20GB', 20, 4),
    annual('C0acme001', 'sub-acme-archived', '1010340006', 5, 2),
    flexible('C0acme001', 'sub-acme-voice', '1010330003', 30, 6),
    annual('C0acme001', 'sub-acme-001', '1010020028', 20, 17),
    flexible('C0flex001', 'sub-flex-001', '1010020027', 300, 10),
    flexible('C0nosub01', 'sub-nosub-vault', 'Google-Vault', 10, 1),
    annual('C0pause01', 'sub-pause-001', '1010020025', 15, 12, {
      planName: 'ANNUAL_YEARLY_PAY',
      status: 'SUSPENDED',
      suspensionReasons: ['RESELLER_INITIATED'],
      commitmentEnd: Date.parse('2026-09-30T00:00:00Z'),
    }),
    annual('C0other99', 'sub-other-001', '1010020025', 40, 33),
  ];
  userCounter = 0;
  const users = [
    user('admin@acme.example', 'C0acme001', {
      isAdmin: true,
      photo: { mimeType: 'PNG', data: solidPng(PHOTO_SIZE, [26, 115, 232]) },
    }),
    user('licences@acme.example', 'C0acme001'),
    user('support@acme.example', 'C0acme001'),
    user('staff@acme.example', 'C0acme001', { aliases: ['team@acme-eu.example'] }),
    user('maria@acme-eu.example', 'C0acme001'),
    user('former@acme.example', 'C0acme001', { suspended: true }),
    user('archived@acme.example', 'C0acme001', { archived: true }),
    user('admin@flex.example', 'C0flex001', { isAdmin: true }),
    user('admin@nosub.example', 'C0nosub01', { isAdmin: true }),
    user('admin@paused.example', 'C0pause01', { isAdmin: true }),
    user('someone@stranger.example', 'C0other99'),
    user(RESELLER_ADMIN, 'C0resell00', { isAdmin: true }),
    // The reseller's staff: an admin, support through a nested group, and someone in neither.
    user(`ops@${RESELLER_DOMAIN}`, 'C0resell00'),
    user(`desk@${RESELLER_DOMAIN}`, 'C0resell00'),
    user(`nobody@${RESELLER_DOMAIN}`, 'C0resell00'),
    // On ACME's secondary domain whose mail goes through a gateway.
    user('lab@acme-labs.example', 'C0acme001'),
  ];
  const personal = (index: number, email: string, emailVerified: boolean) => ({
    id: String(PERSONAL_ID_BASE + BigInt(index)),
    email,
    emailVerified,
  });
  const personalAccounts: FakePersonalAccount[] = [
    // Conflicting: the same addresses as ACME's admin and licence delegate.
    personal(1, 'admin@acme.example', true),
    personal(2, 'licences@acme.example', true),
    // Unmanaged: nobody of that address in ACME's directory.
    personal(3, 'contractor@acme.example', true),
    // Signed up with an address it never proved it owns.
    personal(4, 'newcomer@acme.example', false),
  ];
  const groups = new Map<string, string[]>();
  const groupSettings = new Map<string, FakeGroupSettings>();
  for (const c of customers.filter((each) => each.own)) {
    for (const kind of ['licence', 'support'] as const) {
      groups.set(groupAddress(kind, c.customerId), []);
      // The demo's groups were made by hand in the Admin console and set to accept outsiders.
      groupSettings.set(groupAddress(kind, c.customerId), {
        ...API_GROUP_SETTINGS,
        allowExternalMembers: 'true',
      });
    }
  }
  groups.set(FAKE_STAFF_GROUPS.admins, [`ops@${RESELLER_DOMAIN}`]);
  groups.set(FAKE_STAFF_GROUPS.support, [FAKE_DESK_TEAM]);
  groups.set(FAKE_DESK_TEAM, [`desk@${RESELLER_DOMAIN}`]);
  groups.get(groupAddress('licence', 'C0acme001'))?.push('licences@acme.example');
  groups.get(groupAddress('support', 'C0acme001'))?.push('support@acme.example');
  const mx = new Map<string, string[]>([
    ['acme.example', GOOGLE_MX],
    ['acme-eu.example', GOOGLE_MX],
    ['acme-labs.example', GATEWAY_MX],
    ['acme-mail.example', GATEWAY_MX],
    ['flex.example', GOOGLE_MX],
    ['paused.example', GOOGLE_MX],
    ['workspace.example', ['smtp.google.com']],
    // nosub and stranger receive mail elsewhere; Google knows them through the Reseller API.
    ['nosub.example', ['mx.mail-host.example']],
    ['stranger.example', ['mx.mail-host.example']],
    ['other.example', ['mx.mail-host.example']],
  ]);
  return {
    customers,
    subscriptions,
    users,
    personalAccounts,
    groups,
    groupSettings,
    memberLagReads: 0,
    staleMembers: new Map(),
    mx,
  };
}

/** The customer whose primary or secondary domain this is. */
export function customerOfDomain(state: FakeState, domain: string): FakeCustomer | undefined {
  const wanted = domain.toLowerCase();
  return state.customers.find(
    (c) => c.customerDomain === wanted || c.secondaryDomains.includes(wanted),
  );
}

/** The customer with this domain alias. */
export function customerOfAliasDomain(state: FakeState, domain: string): FakeCustomer | undefined {
  const wanted = domain.toLowerCase();
  return state.customers.find((c) => c.aliasDomains.includes(wanted));
}

/** The user's addresses at the account's domain aliases (Google's nonEditableAliases). */
export function aliasDomainAddresses(state: FakeState, user: FakeUser): string[] {
  const aliases = state.customers.find((c) => c.customerId === user.customerId)?.aliasDomains ?? [];
  const local = user.primaryEmail.slice(0, user.primaryEmail.lastIndexOf('@'));
  return aliases.map((domain) => `${local}@${domain}`);
}

export function findUser(state: FakeState, key: string): FakeUser | undefined {
  const wanted = key.toLowerCase();
  return state.users.find(
    (u) =>
      u.primaryEmail === wanted ||
      u.id === key ||
      u.aliases.includes(wanted) ||
      aliasDomainAddresses(state, u).includes(wanted),
  );
}

export function skuNameFor(skuId: string): string {
  return skuNameOf(skuId) ?? skuId;
}
