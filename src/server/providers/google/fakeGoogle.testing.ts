import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIRECTORY_SCOPE } from '../../../contract/limits';
import {
  SEED_CUSTOMERS,
  SEED_DELEGATES,
  SEED_DIRECTORY_USERS,
  SEED_SUBSCRIPTIONS,
} from '../sandbox/dataset';

// A local stand-in for the Google endpoints the provider calls (token info, Directory users and group
// members, Reseller customers and subscriptions), holding the contract's dataset, for tests only.
// It answers with Google's own error shapes and texts.

export const FAKE_CLIENT_ID = 'portal-client.apps.googleusercontent.com';
export const FAKE_RESELLER_TOKEN = 'reseller-admin-token';
export const FAKE_GROUP_TEMPLATE = 'portal-{kind}-{customerId}@reseller.example';
const TOKEN_LIFETIME_SECONDS = 3599;
/** stranger.example runs Google Workspace through another reseller, not this one. */
const OTHER_RESELLERS_DOMAIN = 'stranger.example';
const MS_PER_SECOND = 1000;

interface FakeToken {
  email: string;
  scopes: string[];
  audience: string;
  expiresAt: number;
}

interface Injected {
  method: string;
  path: RegExp;
  status: number;
  body: unknown;
}

function googleError(status: number, message: string, reason = 'invalid') {
  return { error: { code: status, message, errors: [{ message, domain: 'global', reason }] } };
}

export async function startFakeGoogle() {
  let clock = Date.now();
  const tokens = new Map<string, FakeToken>();
  const users = new Map(SEED_DIRECTORY_USERS.map((u) => [u.email, u]));
  const customers = SEED_CUSTOMERS.map((c) => ({ ...c }));
  const subscriptions = SEED_SUBSCRIPTIONS.map((s) => ({ ...s }));
  const groups = new Map<string, Set<string>>();
  for (const customer of SEED_CUSTOMERS) {
    for (const kind of ['licence', 'support']) {
      groups.set(`portal-${kind}-${customer.customerId.toLowerCase()}@reseller.example`, new Set());
    }
  }
  for (const d of SEED_DELEGATES) {
    groups.get(`portal-${d.kind}-${d.customerId.toLowerCase()}@reseller.example`)?.add(d.email);
  }
  const injected: Injected[] = [];
  const calls: { method: string; path: string }[] = [];

  const toGoogleSubscription = (s: (typeof subscriptions)[number]) => ({
    kind: 'reseller#subscription',
    customerId: s.customerId,
    subscriptionId: s.subscriptionId,
    skuId: '1010020028',
    skuName: s.skuName,
    status: 'ACTIVE',
    plan: {
      planName: s.planName,
      isCommitmentPlan: s.planName.startsWith('ANNUAL'),
      ...(s.renewalDate === null
        ? {}
        : {
            commitmentInterval: {
              startTime: String(Date.parse(s.renewalDate) - 365 * 24 * 3600 * 1000),
              endTime: String(Date.parse(s.renewalDate)),
            },
          }),
    },
    seats: {
      numberOfSeats: s.numberOfSeats,
      licensedNumberOfSeats: s.licensedNumberOfSeats,
      maximumNumberOfSeats: s.maximumNumberOfSeats,
    },
  });

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function handle(method: string, url: URL, auth: string, body: string): [number, unknown] {
    const path = decodeURIComponent(url.pathname);
    const isReseller = auth === FAKE_RESELLER_TOKEN;
    const holder = tokens.get(auth);
    const liveHolder = holder !== undefined && holder.expiresAt > clock ? holder : undefined;

    if (method === 'POST' && path === '/tokeninfo') {
      if (liveHolder === undefined) {
        return [400, { error: 'invalid_token', error_description: 'Invalid Value' }];
      }
      return [
        200,
        {
          aud: liveHolder.audience,
          azp: liveHolder.audience,
          email: liveHolder.email,
          email_verified: 'true',
          scope: liveHolder.scopes.join(' '),
          expires_in: String(Math.floor((liveHolder.expiresAt - clock) / MS_PER_SECOND)),
        },
      ];
    }

    let match = /^\/admin\/directory\/v1\/users\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const key = (match[1] ?? '').toLowerCase();
      if (!isReseller) {
        if (liveHolder === undefined) {
          return [
            401,
            googleError(401, 'Request had invalid authentication credentials.', 'authError'),
          ];
        }
        if (!liveHolder.scopes.includes(DIRECTORY_SCOPE)) {
          return [
            403,
            googleError(
              403,
              'Request had insufficient authentication scopes.',
              'insufficientPermissions',
            ),
          ];
        }
        if (key.split('@')[1] !== liveHolder.email.split('@')[1]) {
          return [403, googleError(403, 'Not Authorized to access this resource/api', 'forbidden')];
        }
        // Like Google: only an admin may read the admin view (the default); others read domain_public.
        const publicView = url.searchParams.get('viewType') === 'domain_public';
        if (!publicView && users.get(liveHolder.email)?.isAdmin !== true) {
          return [403, googleError(403, 'Not Authorized to access this resource/api', 'forbidden')];
        }
      }
      const user = users.get(key);
      if (user === undefined)
        return [404, googleError(404, 'Resource Not Found: userKey', 'notFound')];
      const adminView = url.searchParams.get('viewType') !== 'domain_public';
      return [
        200,
        {
          primaryEmail: user.email,
          // isAdmin is an admin-only field: the public view leaves it out.
          ...(adminView ? { isAdmin: user.isAdmin } : {}),
          ...(user.photo === null
            ? {}
            : { thumbnailPhotoUrl: `https://photos.example/${user.photo}` }),
        },
      ];
    }

    if (!isReseller) return [401, googleError(401, 'Login Required.', 'required')];

    match = /^\/apps\/reseller\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) {
      const key = match[1] ?? '';
      const customer = customers.find((c) => c.domain === key || c.customerId === key);
      if (key === OTHER_RESELLERS_DOMAIN) {
        // Google answers for a domain another reseller manages, with the bare minimum.
        return [200, { customerId: 'C0other99', customerDomain: key, customerType: 'domain' }];
      }
      if (customer === undefined) return [404, googleError(404, 'Resource not found', 'notFound')];
      return [
        200,
        {
          kind: 'reseller#customer',
          customerId: customer.customerId,
          customerDomain: customer.domain,
          customerType: 'domain',
          alternateEmail: `billing@${customer.domain}`,
          postalAddress: { contactName: 'Billing', countryCode: 'GB', postalCode: 'SW1A 1AA' },
          resourceUiUrl: `https://admin.google.com/${customer.domain}/Dashboard`,
        },
      ];
    }

    if (method === 'GET' && path === '/apps/reseller/v1/subscriptions') {
      const customerId = url.searchParams.get('customerId');
      const list = subscriptions
        .filter((s) => s.customerId === customerId)
        .map(toGoogleSubscription);
      // Every customer also holds a storage add-on, which is not the Workspace subscription.
      const storage = {
        customerId,
        subscriptionId: `storage-${customerId}`,
        skuId: 'Google-Drive-storage-20GB',
        skuName: 'Google Drive storage 20GB',
        status: 'ACTIVE',
        plan: { planName: 'FLEXIBLE' },
        seats: { maximumNumberOfSeats: 1 },
      };
      return [200, { subscriptions: [storage, ...list] }];
    }

    match =
      /^\/apps\/reseller\/v1\/customers\/([^/]+)\/subscriptions\/([^/]+)(\/changeSeats)?$/.exec(
        path,
      );
    if (match) {
      const subscription = subscriptions.find(
        (s) => s.customerId === match?.[1] && s.subscriptionId === match[2],
      );
      if (subscription === undefined)
        return [404, googleError(404, 'Resource not found', 'notFound')];
      if (method === 'GET' && match[3] === undefined)
        return [200, toGoogleSubscription(subscription)];
      if (method === 'POST' && match[3] === '/changeSeats') {
        const requested = (JSON.parse(body) as { numberOfSeats?: number }).numberOfSeats ?? 0;
        subscription.numberOfSeats = requested;
        return [200, toGoogleSubscription(subscription)];
      }
    }

    match = /^\/admin\/directory\/v1\/groups\/([^/]+)\/members(?:\/([^/]+))?$/.exec(path);
    if (match) {
      const group = groups.get((match[1] ?? '').toLowerCase());
      if (group === undefined)
        return [404, googleError(404, 'Resource Not Found: groupKey', 'notFound')];
      const memberKey = match[2]?.toLowerCase();
      if (method === 'GET' && memberKey === undefined) {
        return [
          200,
          { members: [...group].map((email) => ({ email, role: 'MEMBER', type: 'USER' })) },
        ];
      }
      if (method === 'POST' && memberKey === undefined) {
        const email = ((JSON.parse(body) as { email?: string }).email ?? '').toLowerCase();
        if (group.has(email)) return [409, googleError(409, 'Member already exists.', 'duplicate')];
        group.add(email);
        return [200, { email, role: 'MEMBER' }];
      }
      if (method === 'DELETE' && memberKey !== undefined) {
        if (!group.delete(memberKey)) {
          return [404, googleError(404, 'Resource Not Found: memberKey', 'notFound')];
        }
        return [204, undefined];
      }
    }
    return [404, googleError(404, `No fake for ${method} ${path}`, 'notFound')];
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const body = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      calls.push({ method, path: url.pathname });
      const auth = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const failure = injected.findIndex((i) => i.method === method && i.path.test(url.pathname));
      const [status, answer] =
        failure >= 0
          ? (() => {
              const [hit] = injected.splice(failure, 1);
              return [hit?.status ?? 500, hit?.body] as [number, unknown];
            })()
          : handle(method, url, auth, body);
      response.statusCode = status;
      if (answer === undefined) {
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(answer));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rootUrl = `http://127.0.0.1:${port}/`;

  return {
    rootUrl,
    tokenInfoUrl: `${rootUrl}tokeninfo`,
    calls,
    /** Google's identity service issuing a user an access token. */
    issueToken(email: string, scopes: readonly string[], audience = FAKE_CLIENT_ID): string {
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, {
        email: email.toLowerCase(),
        scopes: [...scopes],
        audience,
        expiresAt: clock + TOKEN_LIFETIME_SECONDS * MS_PER_SECOND,
      });
      return token;
    },
    advanceClock(ms: number) {
      clock += ms;
    },
    /** The next request matching method and path answers this instead. */
    failNext(method: string, path: RegExp, status: number, body: unknown) {
      injected.push({ method, path, status, body });
    },
    /** Another admin changes the seats behind the portal's back. */
    setSeats(subscriptionId: string, numberOfSeats: number) {
      const subscription = subscriptions.find((s) => s.subscriptionId === subscriptionId);
      if (subscription) subscription.numberOfSeats = numberOfSeats;
    },
    deleteGroup(groupEmail: string) {
      groups.delete(groupEmail);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;
