import type { reseller_v1 } from 'googleapis';
import { apiRoot, callJson, restUrl, type ResellerAuth, type RestAnswer } from './googleRest';

// The four Reseller API methods the portal uses, at the paths and in the shapes of googleapis'
// reseller_v1 (types only: the Reseller API has no package of its own for Node 20).

/** The Reseller API's own host; GOOGLE_API_ROOT_URL replaces it for an emulator. */
const RESELLER_ROOT = 'https://reseller.googleapis.com/';
const BASE_PATH = 'apps/reseller/v1';

type Subscription = reseller_v1.Schema$Subscription;
type CustomerGet = Required<Pick<reseller_v1.Params$Resource$Customers$Get, 'customerId'>>;
type SubscriptionGet = Required<
  Pick<reseller_v1.Params$Resource$Subscriptions$Get, 'customerId' | 'subscriptionId'>
>;
type SubscriptionList = Pick<
  reseller_v1.Params$Resource$Subscriptions$List,
  'customerId' | 'maxResults' | 'pageToken'
>;
type ChangeSeats = SubscriptionGet & { requestBody: reseller_v1.Schema$Seats };

export interface ResellerCallOptions {
  /** The provider's measured fetch. */
  fetch: typeof fetch;
  /** GOOGLE_API_ROOT_URL, when set. */
  apiRootUrl: string | undefined;
}

export function createResellerCalls(options: ResellerCallOptions) {
  const root = apiRoot(options.apiRootUrl, RESELLER_ROOT);
  const id = encodeURIComponent;
  const subscriptionPath = ({ customerId, subscriptionId }: SubscriptionGet) =>
    `${BASE_PATH}/customers/${id(customerId)}/subscriptions/${id(subscriptionId)}`;

  return {
    customers: {
      get: ({ customerId }: CustomerGet, auth: ResellerAuth) =>
        callJson<reseller_v1.Schema$Customer>(options.fetch, {
          method: 'GET',
          url: restUrl(root, `${BASE_PATH}/customers/${id(customerId)}`),
          auth,
        }),
    },
    subscriptions: {
      list: (
        params: SubscriptionList,
        auth: ResellerAuth,
      ): Promise<RestAnswer<reseller_v1.Schema$Subscriptions>> =>
        callJson(options.fetch, {
          method: 'GET',
          url: restUrl(root, `${BASE_PATH}/subscriptions`, {
            customerId: params.customerId ?? undefined,
            maxResults: params.maxResults ?? undefined,
            pageToken: params.pageToken ?? undefined,
          }),
          auth,
        }),
      get: (params: SubscriptionGet, auth: ResellerAuth) =>
        callJson<Subscription>(options.fetch, {
          method: 'GET',
          url: restUrl(root, subscriptionPath(params)),
          auth,
        }),
      changeSeats: (params: ChangeSeats, auth: ResellerAuth) =>
        callJson<Subscription>(options.fetch, {
          method: 'POST',
          url: restUrl(root, `${subscriptionPath(params)}/changeSeats`),
          auth,
          body: params.requestBody,
        }),
    },
  };
}

export type ResellerCalls = ReturnType<typeof createResellerCalls>;
