import { Type, type Static } from 'typebox';
import { CustomerSettings, EffectiveSettings } from './customerSettings';
import { nullableText, seatCount } from './fields';

// The reseller's customers (GET /api/reseller/customers, docs/api.md): every customer with a Google
// Workspace subscription, searched by domain prefix, sorted and paged by the server.

/** Customers per page of GET /api/reseller/customers. */
export const CUSTOMER_PAGE_DEFAULT = 50;
export const CUSTOMER_PAGE_MAX = 100;

/** The longest domain prefix a search takes: a domain name's own limit. */
export const CUSTOMER_QUERY_MAX_LENGTH = 253;

/** The columns the list sorts by; ties fall back to the domain, then the customer id. */
export const CUSTOMER_SORT_FIELDS = [
  'domain',
  'customerId',
  'edition',
  'plan',
  'seatsTotal',
  'seatsAssigned',
  'renewalDate',
] as const;
export const CustomerSortField = Type.Enum(CUSTOMER_SORT_FIELDS, { type: 'string' });
export type CustomerSortField = Static<typeof CustomerSortField>;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SortOrder = Type.Enum(SORT_ORDERS, { type: 'string' });
export type SortOrder = Static<typeof SortOrder>;

/** The query of GET /api/reseller/customers, its values as the query string's text. */
export const CustomerListQuery = Type.Object(
  {
    /** The start of the customer's primary domain, any case; blank or absent: every customer. */
    query: Type.Optional(Type.String({ maxLength: CUSTOMER_QUERY_MAX_LENGTH })),
    /** Default domain. */
    sort: Type.Optional(CustomerSortField),
    /** Default asc. */
    order: Type.Optional(SortOrder),
    /** nextPageToken or previousPageToken of an answer to the same query and sort. */
    pageToken: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    /** Customers per page, 1–100 (default 50). */
    limit: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  },
  { additionalProperties: false },
);
export type CustomerListQuery = Static<typeof CustomerListQuery>;

/** One customer's row: its Workspace subscription as Google lists it, and its portal settings. */
export const CustomerRow = Type.Object({
  customerId: Type.String(),
  /** The primary domain, lower case. */
  customerDomain: Type.String(),
  /** The edition: Google's SKU name. */
  skuName: Type.String(),
  /** The Reseller API's plan name (ANNUAL, ANNUAL_YEARLY_PAY, FLEXIBLE, TRIAL). */
  planName: Type.String(),
  /** Seats paid for (annual plans) or the plan's maximum (Flexible, trial). */
  seatsTotal: seatCount,
  /** Licences assigned to users. */
  seatsAssigned: seatCount,
  /** End of the current commitment, YYYY-MM-DD; null where Google gives none. */
  renewalDate: nullableText(),
  /** ACTIVE, SUSPENDED or PENDING. */
  status: Type.String(),
  settings: CustomerSettings,
  effective: EffectiveSettings,
});
export type CustomerRow = Static<typeof CustomerRow>;

export const CustomerListPage = Type.Object({
  customers: Type.Array(CustomerRow),
  /** Customers matching the query, on every page. */
  total: Type.Integer({ minimum: 0 }),
  /** The first row's place among them, from 0. */
  offset: Type.Integer({ minimum: 0 }),
  nextPageToken: nullableText({ minLength: 1 }),
  previousPageToken: nullableText({ minLength: 1 }),
  /** When Google's listing the page comes from was read, ISO 8601 UTC (docs/api.md). */
  listedAt: Type.String({ format: 'date-time' }),
});
export type CustomerListPage = Static<typeof CustomerListPage>;
