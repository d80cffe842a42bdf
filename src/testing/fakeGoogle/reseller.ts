import type { FakeState, FakeSubscription } from './dataset';
import { skuNameFor } from './dataset';
import { googleError, type FakeAnswer } from './googleErrors';
import type { FakeRequest } from './oauth';
import { pagedAnswer } from './paging';

// The Reseller API (apps/reseller/v1) as its reference documents it: customers.get (a bare answer for
// a domain another reseller manages), subscriptions.list with nextPageToken, subscriptions.get and
// changeSeats with the rules Google enforces. Test-only.

export const RESELLER_SCOPE = 'https://www.googleapis.com/auth/apps.order';
/** Google's own page size default is 20; the fake pages by 2 so every caller's paging is exercised. */
export const FAKE_SUBSCRIPTION_PAGE_SIZE = 2;
const MAX_RESULTS_LIMIT = 100;
/** Google caps a trial at 10 seats (Reseller API troubleshooting, changeSeats 400 invalid). */
const TRIAL_SEAT_LIMIT = 10;

function ownCustomer(state: FakeState, key: string) {
  const wanted = key.toLowerCase();
  return state.customers.find(
    (c) => c.customerId.toLowerCase() === wanted || c.customerDomain === wanted,
  );
}

/** The subscription as Google answers it (Schema$Subscription). */
export function toGoogleSubscription(state: FakeState, s: FakeSubscription) {
  const annual = s.planName.startsWith('ANNUAL');
  const customer = state.customers.find((c) => c.customerId === s.customerId);
  return {
    kind: 'reseller#subscription',
    customerId: s.customerId,
    customerDomain: customer?.customerDomain,
    subscriptionId: s.subscriptionId,
    skuId: s.skuId,
    skuName: skuNameFor(s.skuId),
    creationTime: String(s.creationTime),
    billingMethod: 'ONLINE',
    plan: {
      // The reference: ANNUAL_MONTHLY_PAY is returned as ANNUAL in all API responses.
      planName: s.planName === 'ANNUAL_MONTHLY_PAY' ? 'ANNUAL' : s.planName,
      isCommitmentPlan: annual,
      ...(annual && s.commitmentEnd !== undefined
        ? {
            commitmentInterval: {
              startTime: String(s.commitmentEnd - 365 * 24 * 3600 * 1000),
              endTime: String(s.commitmentEnd),
            },
          }
        : {}),
    },
    seats: {
      kind: 'subscriptions#seats',
      licensedNumberOfSeats: s.licensedNumberOfSeats,
      // On an annual plan Google may also send maximumNumberOfSeats, read-only (the Seats reference).
      ...(annual
        ? {
            numberOfSeats: s.numberOfSeats,
            ...(s.maximumNumberOfSeats === undefined
              ? {}
              : { maximumNumberOfSeats: s.maximumNumberOfSeats }),
          }
        : { maximumNumberOfSeats: s.maximumNumberOfSeats }),
    },
    ...(annual
      ? { renewalSettings: { kind: 'subscriptions#renewalSettings', renewalType: 'AUTO_RENEW' } }
      : {}),
    trialSettings:
      s.trialEnd === undefined
        ? { isInTrial: false }
        : { isInTrial: true, trialEndTime: String(s.trialEnd) },
    status: s.status,
    ...(s.suspensionReasons.length > 0 ? { suspensionReasons: [...s.suspensionReasons] } : {}),
    resourceUiUrl: `https://admin.google.com/ac/billing/subscriptions?customer=${s.customerId}`,
  };
}

function changeSeats(state: FakeState, s: FakeSubscription, body: unknown): FakeAnswer {
  const seats = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (s.status !== 'ACTIVE') {
    // Troubleshooting page: 400 badRequest when the subscription is suspended or cancelled.
    return googleError('badRequest', 'Subscription is suspended or cancelled.');
  }
  if ('licensedNumberOfSeats' in seats) {
    return googleError('invalid', 'licensedNumberOfSeats is read-only.');
  }
  const annual = s.planName.startsWith('ANNUAL');
  const field = annual ? 'numberOfSeats' : 'maximumNumberOfSeats';
  const wrong = annual ? 'maximumNumberOfSeats' : 'numberOfSeats';
  const requested = seats[field];
  if (seats[wrong] !== undefined || typeof requested !== 'number') {
    return googleError(
      'invalid',
      `Invalid Value: set ${field} for a ${annual ? 'ANNUAL' : s.planName} plan.`,
    );
  }
  if (!Number.isSafeInteger(requested) || requested < s.licensedNumberOfSeats) {
    return googleError('invalid', 'The seat count is below the number of licensed users.');
  }
  if (annual && requested < (s.numberOfSeats ?? 0)) {
    return googleError('invalid', 'Seats of an annual plan cannot be reduced before renewal.');
  }
  if (s.trialEnd !== undefined && requested > TRIAL_SEAT_LIMIT) {
    return googleError('invalid', 'A subscription in its trial has at most 10 seats.');
  }
  if (annual) s.numberOfSeats = requested;
  else s.maximumNumberOfSeats = requested;
  return { status: 200, body: toGoogleSubscription(state, s) };
}

export function handleReseller(
  state: FakeState,
  request: FakeRequest,
  pageLimit: number = FAKE_SUBSCRIPTION_PAGE_SIZE,
): FakeAnswer | undefined {
  const { method, path, query, body, holder } = request;
  if (!path.startsWith('/apps/reseller/v1/')) return undefined;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.includes(RESELLER_SCOPE)) {
    return googleError('insufficientPermissions');
  }

  let match = /^\/apps\/reseller\/v1\/customers\/([^/]+)$/.exec(path);
  if (method === 'GET' && match) {
    const customer = ownCustomer(state, match[1] ?? '');
    if (customer === undefined) return googleError('notFound', 'Resource not found');
    if (!customer.own) {
      // A Google Workspace account this reseller does not manage: only who it is.
      return {
        status: 200,
        body: {
          customerId: customer.customerId,
          customerDomain: customer.customerDomain,
          customerType: 'domain',
        },
      };
    }
    return {
      status: 200,
      body: {
        kind: 'reseller#customer',
        customerId: customer.customerId,
        customerDomain: customer.customerDomain,
        customerDomainVerified: true,
        customerType: 'domain',
        alternateEmail: `billing@${customer.customerDomain.replace(/\.example$/, '-billing.example')}`,
        phoneNumber: '+44 20 7946 0000',
        postalAddress: {
          kind: 'customers#address',
          contactName: 'Billing',
          organizationName: customer.customerDomain,
          addressLine1: '1 Example Street',
          locality: 'London',
          postalCode: 'SW1A 1AA',
          countryCode: 'GB',
        },
        resourceUiUrl: `https://admin.google.com/${customer.customerDomain}/Dashboard`,
      },
    };
  }

  if (method === 'GET' && path === '/apps/reseller/v1/subscriptions') {
    const key = query.get('customerId');
    let list = state.subscriptions;
    if (key !== null) {
      const customer = ownCustomer(state, key);
      if (customer === undefined) return googleError('notFound', 'Resource not found');
      if (!customer.own) return googleError('forbidden');
      list = list.filter((s) => s.customerId === customer.customerId);
    } else {
      list = list.filter((s) => ownCustomer(state, s.customerId)?.own === true);
    }
    const requested = Number(query.get('maxResults') ?? '20');
    if (!Number.isInteger(requested) || requested < 1 || requested > MAX_RESULTS_LIMIT) {
      return googleError('invalid', 'Invalid value for maxResults.');
    }
    const pageSize = Math.min(requested, pageLimit);
    return pagedAnswer(list, query, pageSize, (page) => ({
      kind: 'reseller#subscriptions',
      subscriptions: page.map((s) => toGoogleSubscription(state, s)),
    }));
  }

  match = /^\/apps\/reseller\/v1\/customers\/([^/]+)\/subscriptions\/([^/]+)(\/changeSeats)?$/.exec(
    path,
  );
  if (match) {
    const customer = ownCustomer(state, match[1] ?? '');
    if (customer !== undefined && !customer.own) return googleError('forbidden');
    const subscription = state.subscriptions.find(
      (s) => s.customerId === customer?.customerId && s.subscriptionId === match?.[2],
    );
    if (subscription === undefined) return googleError('notFound', 'Resource not found');
    if (method === 'GET' && match[3] === undefined) {
      return { status: 200, body: toGoogleSubscription(state, subscription) };
    }
    if (method === 'POST' && match[3] === '/changeSeats') {
      return changeSeats(state, subscription, body);
    }
  }
  return googleError('notFound', `No such Reseller API method: ${method} ${path}`);
}
