import { reseller_v1 } from 'googleapis';
import { callLimits } from './googleCalls';
import { readFailure } from './googleFailure';
import type { ResellerAuth } from './googleRest';
import { createResellerCalls } from './resellerCalls';

// The hand-made Reseller API calls send what Google's own generated client sends, and a refusal
// reads the same (docs/configuration-google.md, "Which library calls each API").

const TOKEN = 'reseller-admin-token';
const EMULATOR_ROOT = 'http://127.0.0.1:8090';
const CUSTOMER = 'C01abc2de';
const SUBSCRIPTION = '123456789';
const CALL_LIMIT_MS = 5000;
const SUBSCRIPTION_ANSWER = { kind: 'reseller#subscription', subscriptionId: SUBSCRIPTION };
/** Google's refusal of a customer that is not the reseller's (Reseller API error envelope). */
const FORBIDDEN = {
  error: {
    code: 403,
    message: 'Forbidden',
    errors: [{ message: 'Forbidden', domain: 'global', reason: 'forbidden' }],
  },
};

interface SentRequest {
  method: string;
  url: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

/** A fetch that records what was sent and answers `status` with `answer`. */
function recordingFetch(status: number, answer: unknown) {
  const sent: SentRequest[] = [];
  const fetchImplementation: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    sent.push({
      method: request.method,
      url: `${url.origin}${url.pathname}`,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.get('authorization'),
      contentType: request.headers.get('content-type')?.split(';')[0] ?? null,
      body: text === '' ? undefined : JSON.parse(text),
    });
    return Response.json(answer, { status });
  };
  return { sent, fetchImplementation };
}

const auth = (): ResellerAuth => ({
  ...callLimits(CALL_LIMIT_MS),
  retry: false,
  headers: { authorization: `Bearer ${TOKEN}` },
});

type Call = (
  calls: ReturnType<typeof createResellerCalls>,
  google: reseller_v1.Reseller,
) => [Promise<{ data: unknown }>, Promise<{ data: unknown }>];

const CALLS: Record<string, Call> = {
  'customers.get': (calls, google) => [
    calls.customers.get({ customerId: CUSTOMER }, auth()),
    google.customers.get({ customerId: CUSTOMER }, auth()),
  ],
  'subscriptions.list': (calls, google) => {
    const params = { customerId: CUSTOMER, maxResults: 100, pageToken: 'next page' };
    return [calls.subscriptions.list(params, auth()), google.subscriptions.list(params, auth())];
  },
  'subscriptions.get': (calls, google) => {
    const params = { customerId: CUSTOMER, subscriptionId: SUBSCRIPTION };
    return [calls.subscriptions.get(params, auth()), google.subscriptions.get(params, auth())];
  },
  'subscriptions.changeSeats': (calls, google) => {
    const params = {
      customerId: CUSTOMER,
      subscriptionId: SUBSCRIPTION,
      requestBody: { numberOfSeats: 12 },
    };
    return [
      calls.subscriptions.changeSeats(params, auth()),
      google.subscriptions.changeSeats(params, auth()),
    ];
  },
};

/** Both clients' calls of one method, each through its own recording fetch. */
async function bothCalls(method: string, status: number, answer: unknown, apiRootUrl?: string) {
  const ours = recordingFetch(status, answer);
  const theirs = recordingFetch(status, answer);
  const call = CALLS[method];
  if (call === undefined) throw new Error(`no call ${method}`);
  const [own, google] = call(
    createResellerCalls({ fetch: ours.fetchImplementation, apiRootUrl }),
    new reseller_v1.Reseller({
      fetchImplementation: theirs.fetchImplementation,
      retry: false,
      ...(apiRootUrl === undefined ? {} : { rootUrl: apiRootUrl }),
    }),
  );
  const settled = await Promise.allSettled([own, google]);
  return { ours: ours.sent, theirs: theirs.sent, settled };
}

describe.each(Object.keys(CALLS))('%s', (method) => {
  it.each([
    ['Google', undefined],
    ['an emulator', EMULATOR_ROOT],
  ])("sends to %s what googleapis' client sends, and answers its data", async (_, root) => {
    const { ours, theirs, settled } = await bothCalls(method, 200, SUBSCRIPTION_ANSWER, root);
    expect(ours).toEqual(theirs);
    expect(ours).toHaveLength(1);
    const [own, google] = settled;
    expect(own).toMatchObject({ status: 'fulfilled', value: { data: SUBSCRIPTION_ANSWER } });
    expect(google).toMatchObject({ status: 'fulfilled', value: { data: SUBSCRIPTION_ANSWER } });
  });

  it("reads Google's refusal as it reads googleapis' error", async () => {
    const { settled } = await bothCalls(method, 403, FORBIDDEN);
    const [own, google] = settled.map((result) =>
      result.status === 'rejected' ? readFailure(result.reason) : undefined,
    );
    expect(own).toMatchObject({ status: 403, reason: 'forbidden', message: 'Forbidden' });
    expect(own).toEqual(google);
  });
});
