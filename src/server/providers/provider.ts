import type { DelegateKind } from '../../contract/api';
import type { SubscriptionStatus } from '../../contract/subscription';

// One interface in front of the reseller, the directory and the identity provider: the embedded
// sandbox (SQLite) and Google (Reseller API, Directory API, token verification) both implement it,
// and both pass the same provider contract tests. Failures are thrown as ApiError.

/** What a verified access token says about its holder. */
export interface TokenInfo {
  email: string;
  /** Granted scopes. */
  scopes: string[];
  /** Epoch ms. */
  expiresAt: number;
}

/** The signed-in person as the customer's directory knows them. */
export interface DirectoryUser {
  email: string;
  isAdmin: boolean;
  thumbnailPhotoUrl: string | null;
}

export interface Customer {
  customerId: string;
  customerDomain: string;
}

export interface WorkspaceSubscription {
  subscriptionId: string;
  customerId: string;
  skuName: string;
  /** Reseller API plan name: ANNUAL_MONTHLY_PAY, ANNUAL_YEARLY_PAY, FLEXIBLE, TRIAL, … */
  planName: string;
  numberOfSeats: number;
  licensedNumberOfSeats: number;
  maximumNumberOfSeats: number;
  status: SubscriptionStatus;
  /** Reseller API suspensionReasons; empty when active. */
  suspensionReasons: string[];
  isTrial: boolean;
  /** End of the current commitment (YYYY-MM-DD, UTC) where the provider gives one. */
  renewalDate: string | null;
}

export interface PortalProvider {
  readonly kind: 'sandbox' | 'google';
  /** Reseller name used in 'Not a customer of <name>'. */
  readonly resellerName: string;
  /** Resolves null for an unknown, malformed or expired token. */
  verifyToken(token: string): Promise<TokenInfo | null>;
  /** Whether the address belongs to a Google account (the e-mail validator). */
  isGoogleAccount(email: string): Promise<boolean>;
  /**
   * Reads the person's own directory entry with their token (the directory scope).
   * Throws 403 'Request had insufficient authentication scopes.' when the token lacks it.
   */
  getDirectoryUser(email: string, token: string): Promise<DirectoryUser>;
  /**
   * The same directory entry read with the reseller's own credentials, for the live role re-check on
   * every mutating call (contract §4); null when the person is no longer in the directory.
   */
  lookupDirectoryUser(email: string): Promise<DirectoryUser | null>;
  /** The reseller's customer for a domain, or null when the domain is not a customer. */
  findCustomer(domain: string): Promise<Customer | null>;
  /** The customer's Google Workspace subscription, or null when it has none. */
  findWorkspaceSubscription(customerId: string): Promise<WorkspaceSubscription | null>;
  /**
   * Sets the seat total atomically: applies only if the total is still `expectedCurrent`
   * (otherwise throws 409 ABORTED), so two concurrent adds never lose one.
   */
  changeSeats(
    customerId: string,
    subscriptionId: string,
    expectedCurrent: number,
    newTotal: number,
  ): Promise<WorkspaceSubscription>;
  listDelegates(kind: DelegateKind, customerId: string): Promise<string[]>;
  /** Throws 409 ALREADY_EXISTS 'Member already exists.' when present. Returns the sorted list. */
  addDelegate(kind: DelegateKind, customerId: string, email: string): Promise<string[]>;
  /** Throws 404 NOT_FOUND 'Resource Not Found: memberKey' when absent. Returns the sorted list. */
  removeDelegate(kind: DelegateKind, customerId: string, email: string): Promise<string[]>;
  close(): Promise<void>;
}
