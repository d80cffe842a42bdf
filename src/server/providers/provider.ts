import type { DelegateKind } from '../../contract/api';
import type { SubscriptionStatus } from '../../contract/subscription';

// One interface in front of the reseller, the directory and the identity provider: the embedded
// sandbox (SQLite) and Google (Reseller API, Directory API, token verification) both implement it,
// and both pass the same provider contract tests. Failures are thrown as ApiError.

/** What a verified access token says about its holder. */
export interface TokenInfo {
  email: string;
  /** The Google account's id (tokeninfo's `sub`); a managed account's is its directory `id`. */
  sub: string;
  /** Whether Google verified that the account owns `email` (tokeninfo's `email_verified`). */
  emailVerified: boolean;
  /** Granted scopes. */
  scopes: string[];
  /** Epoch ms. */
  expiresAt: number;
}

/** The signed-in person as the customer's directory knows them. */
export interface DirectoryUser {
  /** The directory's id of the account: a new account with the same address has another. */
  id: string;
  /** The primary address, lower-cased. */
  email: string;
  isAdmin: boolean;
  /** Where the portal's pages load the photo from (a same-origin path), or null for none. */
  thumbnailPhotoUrl: string | null;
  /**
   * The Google customer the account belongs to, whatever the address's domain (primary, secondary
   * or alias); null where the directory does not say.
   */
  customerId: string | null;
  /** Other addresses of the same account (lower-cased). */
  aliases: string[];
}

/** A directory photo as bytes, served by the portal itself so it loads under its CSP. */
export interface UserPhoto {
  /** e.g. image/png */
  contentType: string;
  data: Buffer;
}

export interface Customer {
  customerId: string;
  customerDomain: string;
}

export interface WorkspaceSubscription {
  subscriptionId: string;
  customerId: string;
  skuName: string;
  /** Reseller API plan name: ANNUAL (Google's answer for ANNUAL_MONTHLY_PAY), ANNUAL_YEARLY_PAY, FLEXIBLE, TRIAL, … */
  planName: string;
  /** Seats bought (annual plans); for Flexible and trial plans, the seats assigned. */
  numberOfSeats: number;
  licensedNumberOfSeats: number;
  /** Google's maximum where it gives one (Flexible, trial), else the reseller's seat policy. */
  maximumNumberOfSeats: number;
  status: SubscriptionStatus;
  /** Reseller API suspensionReasons; empty when active. */
  suspensionReasons: string[];
  isTrial: boolean;
  /** End of the current commitment (YYYY-MM-DD, UTC) where the provider gives one. */
  renewalDate: string | null;
  /** Google's SKU id (the price file's key, docs/api.md, GET /api/price-preview). */
  skuId?: string;
  /** Start of the current commitment (YYYY-MM-DD, UTC) where the provider gives one. */
  termStartDate?: string | null;
}

/** A customer's Workspace subscription as a listing of every customer's finds it. */
export interface ResoldSubscription {
  subscription: WorkspaceSubscription;
  /** The customer's primary domain, where the listing names it. */
  customerDomain: string | null;
}

/** A read that must not be answered from a cache. */
export interface FreshRead {
  fresh: boolean;
}

export interface PortalProvider {
  readonly kind: 'sandbox' | 'google';
  /** Reseller name used in 'Not a customer of <name>'. */
  readonly resellerName: string;
  /** How long a seat change may take with its read-backs; add-licence's deadline covers it. */
  readonly writeTimeoutMs?: number;
  /** Resolves null for an unknown, malformed or expired token. */
  verifyToken(token: string): Promise<TokenInfo | null>;
  /** Whether the address belongs to a Google account (the e-mail validator). */
  isGoogleAccount(email: string): Promise<boolean>;
  /**
   * The directory entry of an address (primary or alias), read with the reseller's own credentials:
   * who signs in and the live role re-check on every call that needs one (docs/security.md). null
   * when no directory the reseller may read has the address; a 403 naming the reason for a suspended
   * or archived account.
   */
  lookupDirectoryUser(email: string): Promise<DirectoryUser | null>;
  /**
   * The primary addresses of the customer's administrators (active accounts), sorted, read with the
   * reseller's own credentials: who gets a copy of a delegate's purchase (docs/notifications.md).
   */
  listAdministrators(customerId: string): Promise<string[]>;
  /**
   * The reseller's customer for a domain of its account (primary or secondary) or a
   * customerId, or null when it is not a customer of this reseller (unknown, or managed by Google or
   * another reseller).
   */
  findCustomer(domainOrCustomerId: string): Promise<Customer | null>;
  /**
   * The customer's Google Workspace subscription, or null when it has none. `fresh` skips any cache:
   * a change lock's re-read must see what another instance changed a moment ago (docs/deploy.md).
   */
  findWorkspaceSubscription(
    customerId: string,
    read?: FreshRead,
  ): Promise<WorkspaceSubscription | null>;
  /**
   * Every customer's Google Workspace subscription, chosen as findWorkspaceSubscription chooses it,
   * from one listing of all the reseller's subscriptions (Google: subscriptions.list without a
   * customer, paged), never from a cache: the ledger's reconciliation (services/reconcile.ts).
   */
  listWorkspaceSubscriptions(): Promise<ResoldSubscription[]>;
  /**
   * Sets the seat total and answers the subscription as read back after the write; 404 NOT_FOUND
   * for an unknown subscription. A plain write: the change service (services/purchases.ts) checks
   * the seat rules and holds the subscription's lock around it (docs/architecture.md).
   */
  changeSeats(
    customerId: string,
    subscriptionId: string,
    newTotal: number,
  ): Promise<WorkspaceSubscription>;
  /** The sorted delegate list; `fresh` skips any cache, as for findWorkspaceSubscription. */
  listDelegates(kind: DelegateKind, customerId: string, read?: FreshRead): Promise<string[]>;
  /** Throws 409 ALREADY_EXISTS 'Member already exists.' when present. Returns the sorted list. */
  addDelegate(kind: DelegateKind, customerId: string, email: string): Promise<string[]>;
  /** Throws 404 NOT_FOUND 'Resource Not Found: memberKey' when absent. Returns the sorted list. */
  removeDelegate(kind: DelegateKind, customerId: string, email: string): Promise<string[]>;
  /**
   * Whether the address is a member (direct or nested) of a group of the reseller's own domain, read
   * live with the reseller's credentials: the console's staff groups (docs/security.md). false for an
   * address the directory does not know; a 502 naming the group when the group does not exist.
   */
  isGroupMember(group: string, email: string): Promise<boolean>;
  /** The person's directory photo, or null when they have none. */
  getUserPhoto(email: string): Promise<UserPhoto | null>;
  /**
   * Resolves when the provider can serve, else throws a 503 ApiError naming what failed
   * (docs/api.md, GET /api/ready). Without it the provider is always ready (the sandbox).
   */
  checkReady?(): Promise<void>;
  close(): Promise<void>;
}
