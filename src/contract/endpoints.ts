import { Type, type Static } from 'typebox';
import {
  CustomerSettings,
  CustomerSettingsParams,
  CustomerSettingsView,
  ResellerDefaults,
  ResellerDefaultsView,
} from './customerSettings';
import { CustomerListPage, CustomerListQuery } from './customerList';
import { DelegateAction, emailField, idField } from './fields';
import { HistoryPage, HistoryQuery } from './history';
import { NotificationEventSchema } from './notifications';
import { PricePreviewResponse, PriceVersion } from './prices';
import { AuditPage, AuditQuery } from './staffActions';
import { LedgerPage, LedgerQuery } from './ledger';
import { SubscriptionInfo } from './subscription';

// The request and answer of every /api route (docs/api.md, Endpoints), each declared once: the routes
// take these as their Fastify schemas, the client checks its answers against them, the types follow.
// Requests are closed (an unknown field is a 400, never silently dropped); answers are serialized from
// their schema, so a field not named here never leaves the server.

/** A request with nothing in it: any field at all is a 400. */
const Nothing = Type.Object({}, { additionalProperties: false });

export const EmailQuery = Type.Object({ email: emailField }, { additionalProperties: false });
export type EmailQuery = Static<typeof EmailQuery>;

export const CustomerQuery = Type.Object({ customer: idField }, { additionalProperties: false });
export type CustomerQuery = Static<typeof CustomerQuery>;

export const EmailValidatorResponse = Type.Object({ isGoogleAccount: Type.Boolean() });
export type EmailValidatorResponse = Static<typeof EmailValidatorResponse>;

/** The new total and the total the buyer saw (docs/api.md, POST /api/add-licence). */
export const AddLicenceRequest = Type.Object(
  {
    customerId: idField,
    subscriptionId: idField,
    /** The new total: current plus added. */
    numberOfSeats: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    /**
     * The total on the person's screen when they confirmed; the server refuses the add with 409 ABORTED
     * when the subscription's total is no longer this. Optional only for older clients.
     */
    expectedNumberOfSeats: Type.Optional(
      Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    ),
    /**
     * The preview's `priceVersion` the person was shown; the server refuses the add with 409 ABORTED
     * when the price is no longer that one (docs/api.md, Money). Optional: no price was shown.
     */
    priceVersion: Type.Optional(PriceVersion),
  },
  { additionalProperties: false },
);
export type AddLicenceRequest = Static<typeof AddLicenceRequest>;

export const AddLicenceResponse = Type.Object({ subscription: SubscriptionInfo });
export type AddLicenceResponse = Static<typeof AddLicenceResponse>;

export const DelegateChangeRequest = Type.Object(
  { email: emailField, customerId: idField, action: DelegateAction },
  { additionalProperties: false },
);
export type DelegateChangeRequest = Static<typeof DelegateChangeRequest>;

export const DelegateListResponse = Type.Object({ members: Type.Array(Type.String()) });
export type DelegateListResponse = Static<typeof DelegateListResponse>;

export const HealthResponse = Type.Object({ status: Type.Literal('ok') });
export const ReadyResponse = Type.Object({ status: Type.Literal('ready') });

// What each route declares (Fastify's route `schema`), by endpoint.

export const emailValidatorSchema = {
  querystring: EmailQuery,
  response: { 200: EmailValidatorResponse },
};
/** The token travels in the x-goog-token header, checked by the handler: a missing one is the 401. */
export const subscriptionInfoSchema = {
  querystring: EmailQuery,
  response: { 200: SubscriptionInfo },
};
export const addLicenceSchema = {
  body: AddLicenceRequest,
  response: { 200: AddLicenceResponse },
};
export const delegateListSchema = {
  querystring: CustomerQuery,
  response: { 200: DelegateListResponse },
};
export const delegateChangeSchema = {
  body: DelegateChangeRequest,
  response: { 200: DelegateListResponse },
};
export const historySchema = { querystring: HistoryQuery, response: { 200: HistoryPage } };
/** Digits of the largest seat count add-licence takes (Number.MAX_SAFE_INTEGER). */
const SEATS_MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** GET /api/price-preview: seats to add as text (a query string), read as add-licence reads its number. */
export const PricePreviewQuery = Type.Object(
  {
    customer: idField,
    subscriptionId: idField,
    seats: Type.String({ minLength: 1, maxLength: SEATS_MAX_DIGITS }),
  },
  { additionalProperties: false },
);
export const pricePreviewSchema = {
  querystring: PricePreviewQuery,
  response: { 200: PricePreviewResponse },
};
export const healthSchema = { response: { 200: HealthResponse } };
export const readySchema = { response: { 200: ReadyResponse } };
/** The photo is always the session's own: no query. */
export const photoSchema = { querystring: Nothing };
/** No body, or an empty JSON object (the route turns a missing body into {}). */
export const signOutSchema = { body: Nothing };

/** A member of the reseller's staff: admins may change, support staff only read (docs/security.md). */
export const StaffRole = Type.Union([Type.Literal('admin'), Type.Literal('support')]);
export type StaffRole = Static<typeof StaffRole>;

/** Who holds a staff session, as the console's header shows them (docs/api.md, The reseller's console). */
export const StaffIdentity = Type.Object({ email: Type.String(), role: StaffRole });
export type StaffIdentity = Static<typeof StaffIdentity>;

/** GET /api/reseller/console/sign-in: the address typed, the token in x-goog-token, as subscription-info. */
export const staffSignInSchema = {
  querystring: EmailQuery,
  response: { 200: StaffIdentity },
};
export const staffSessionSchema = { response: { 200: StaffIdentity } };

/** The reseller's customers, searched, sorted and paged (docs/api.md, GET /api/reseller/customers). */
export const customerListSchema = {
  querystring: CustomerListQuery,
  response: { 200: CustomerListPage },
};

/** A customer's portal settings (docs/api.md, The reseller's console): read, and replaced by an admin. */
export const customerSettingsSchema = {
  params: CustomerSettingsParams,
  response: { 200: CustomerSettingsView },
};
export const customerSettingsChangeSchema = { ...customerSettingsSchema, body: CustomerSettings };
/** The reseller's defaults, which a customer's null settings fall back to. */
export const resellerDefaultsSchema = { response: { 200: ResellerDefaultsView } };
export const resellerDefaultsChangeSchema = { ...resellerDefaultsSchema, body: ResellerDefaults };
/** The audit trail of staff actions, newest first. */
export const staffAuditSchema = { querystring: AuditQuery, response: { 200: AuditPage } };
/** Every customer's changes, newest first; `format=csv` answers them all as text/csv instead. */
export const ledgerSchema = {
  querystring: LedgerQuery,
  response: {
    200: {
      content: {
        'application/json': { schema: LedgerPage },
        'text/csv': { schema: Type.String() },
      },
    },
  },
};

/** GET /api/reseller/events: events per page when `limit` is absent, and the most a page holds. */
export const RESELLER_EVENTS_PAGE_DEFAULT = 100;
export const RESELLER_EVENTS_PAGE_MAX = 1000;
/** Digits of the largest sequence a query names (Number.MAX_SAFE_INTEGER). */
const SEQUENCE_MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;

/** A billing system's page of events (docs/api.md), its values as the query string's text. */
export const ResellerEventsQuery = Type.Object(
  {
    /** The `next` of the previous page; 0 or absent: from the first event. */
    after: Type.Optional(Type.String({ minLength: 1, maxLength: SEQUENCE_MAX_DIGITS })),
    /** Events per page, 1–1000 (default 100). */
    limit: Type.Optional(Type.String({ minLength: 1, maxLength: SEQUENCE_MAX_DIGITS })),
  },
  { additionalProperties: false },
);
export type ResellerEventsQuery = Static<typeof ResellerEventsQuery>;

/** Oldest first, each event as the webhook POSTs it; `next` is the cursor of the following page. */
export const ResellerEventsPage = Type.Object({
  events: Type.Array(NotificationEventSchema),
  /** The last event's sequence, or `after` when there was none: pass it as `after` next time. */
  next: Type.Integer({ minimum: 0 }),
});
export type ResellerEventsPage = Static<typeof ResellerEventsPage>;

export const resellerEventsSchema = {
  querystring: ResellerEventsQuery,
  response: { 200: ResellerEventsPage },
};
