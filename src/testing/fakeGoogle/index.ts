import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  API_GROUP_SETTINGS,
  customerOfDomain,
  demoState,
  FAKE_GROUP_TEMPLATE,
  findUser,
  RESELLER_ADMIN,
  type FakeGroupSettings,
  type FakeState,
  type FakeSubscription,
  type FakeUser,
} from './dataset';
import { DIRECTORY_USER_SCOPES, GROUP_MEMBER_SCOPES, handleDirectory } from './directory';
import { startFakeDns, type FakeDns } from './dns';
import {
  errorInfoError,
  googleError,
  serviceOfPath,
  type ErrorInfoReason,
  type FakeAnswer,
  type GoogleReason,
} from './googleErrors';
import { GROUPS_SETTINGS_SCOPES, handleGroupsSettings } from './groupsSettings';
import { defaultIam, FAKE_RUNTIME_ACCOUNT, handleMetadata, handleSignJwt } from './iamCredentials';
import {
  createOAuth,
  FAKE_CLIENT_ID,
  FAKE_SERVICE_ACCOUNT,
  fakeServiceAccountKey,
  type FakeAccount,
} from './oauth';
import { AUTHORIZE_SCRIPT } from '../../server/sandbox/assets';
import { POPUP_PATHS, popupErrorPage, popupPage, standInPage } from './popup';
import { handleReseller, RESELLER_SCOPE } from './reseller';
import { sequentialRoundTrips, type TimedCall } from './roundTrips';
import type { GoogleProviderOptions } from '../../server/providers/google/options';

// A local stand-in for every Google endpoint google mode calls, answering in Google's documented
// shapes (googleapis' reseller/v1 and admin/directory_v1 types, Google's reference pages): OAuth
// (token information, the service account's JWT exchange, a sign-in popup), the Reseller API, the
// Directory API, the Groups Settings API and, on request, MX answers over UDP. Faults, hangs, lost
// answers and added latency are injected per call. Test-only: it is not part of the built server
// (tsconfig.server.json).

export { FAKE_CLIENT_ID, FAKE_GROUP_TEMPLATE, RESELLER_ADMIN };
export type { ErrorInfoReason, FakeState, GoogleReason };

/** What an injected call does instead of its normal answer. */
export type Fault =
  /** Google's error envelope for this reason (with Retry-After when given). */
  | { reason: GoogleReason; message?: string; retryAfterSeconds?: number }
  /** The details[]-only shape: a google.rpc.ErrorInfo with this reason (metadata merged over Google's). */
  | { errorInfo: ErrorInfoReason; metadata?: Record<string, string>; retryAfterSeconds?: number }
  /** Any status and body, e.g. a 500 without Google's envelope. */
  | { status: number; body?: unknown }
  /** Never answers and changes nothing (until the fake closes). */
  | 'hang'
  /** Drops the connection without an answer and changes nothing. */
  | 'reset'
  /** The call takes effect, then its answer is lost: hangs, drops, or answers 503. */
  | { applyThen: 'hang' | 'reset' | 503 }
  /** Google is slow: the call takes effect and is answered only after this long. */
  | { slowMs: number }
  /**
   * Google's front end answers 503 or 504 (or nothing) while its backend applies the call later:
   * after `afterMs`, or when the test calls applyHeldChanges().
   */
  | { applyLater: { afterMs?: number; answer: 'hang' | 503 | 504 } };

interface Injection {
  method: string;
  path: RegExp;
  fault: Fault;
  remaining: number;
}

export interface FakeCall extends TimedCall {
  /** Whose token: a person's, the reseller's service account, or none. */
  caller: 'user' | 'reseller' | 'none';
  status: number | 'no answer';
}

export interface FakeGoogleOptions {
  /** Listening port; 0 (default) picks a free one. */
  port?: number;
  /** Added to every answer (the benchmark uses 100 ms). */
  latencyMs?: number;
  /** Also answer MX questions over UDP (PORTAL_DNS_SERVERS). */
  dns?: boolean;
  dnsPort?: number;
  /** Opener origins the sign-in popup answers; default any http://127.0.0.1 or localhost origin. */
  allowedOrigins?: readonly string[];
  /**
   * Most items per page of a list. Default 2, so every caller's paging is exercised; 'google' uses
   * Google's own limits (100 subscriptions, 200 members), as the benchmark does.
   */
  pageSize?: number | 'google';
}

const LOCAL_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/;

/** A managed user signs in as their directory account: its id is the token's sub. */
function managedAccount(user: FakeUser): FakeAccount {
  return { sub: user.id, email: user.primaryEmail, emailVerified: true };
}

/** Google gives a new user a new id, even at an address a deleted user had. */
let replacements = 0;
const REPLACED_ID_BASE = 300_000_000_000_000_000_000n;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType?.includes('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function startFakeGoogle(options: FakeGoogleOptions = {}) {
  let clock = Date.now();
  const state: FakeState = demoState();
  const iam = defaultIam();
  const injected: Injection[] = [];
  const calls: FakeCall[] = [];
  const sockets = new Set<Socket>();
  /** Calls whose effect comes later: held until applyHeldChanges(), or on a timer. */
  const heldChanges: (() => void)[] = [];
  const laterTimers = new Set<NodeJS.Timeout>();
  let rootUrl = '';
  // The scopes the reseller's Admin console delegates to the service account; tests withdraw some.
  const delegatedScopes = [
    RESELLER_SCOPE,
    ...DIRECTORY_USER_SCOPES,
    ...GROUP_MEMBER_SCOPES,
    ...GROUPS_SETTINGS_SCOPES,
  ];
  const oauth = createOAuth({
    tokenUrl: () => `${rootUrl}token`,
    delegatedScopes,
    resellerAdmin: (email) => {
      const admin = findUser(state, email);
      return admin?.primaryEmail === RESELLER_ADMIN ? managedAccount(admin) : undefined;
    },
    now: () => clock,
  });
  const originAllowed = (origin: string) =>
    options.allowedOrigins === undefined
      ? LOCAL_ORIGIN.test(origin)
      : options.allowedOrigins.includes(origin);

  function popup(method: string, url: URL, body: unknown): FakeAnswer | undefined {
    const standIn = /^\/stand-in\/([a-z-]+)$/.exec(url.pathname);
    const page = standIn === null ? undefined : standInPage(standIn[1] ?? '');
    if (method === 'GET' && page !== undefined) {
      return { status: 200, body: page, headers: { 'content-type': 'text/html; charset=utf-8' } };
    }
    if (method === 'GET' && url.pathname === POPUP_PATHS.script) {
      return {
        status: 200,
        body: AUTHORIZE_SCRIPT,
        headers: { 'content-type': 'text/javascript' },
      };
    }
    if (method === 'GET' && url.pathname === POPUP_PATHS.page) {
      const q = url.searchParams;
      const hint = q.get('login_hint') ?? '';
      const user = findUser(state, hint);
      const origin = q.get('origin') ?? '';
      const problem =
        q.get('client_id') !== FAKE_CLIENT_ID
          ? `The OAuth client ${q.get('client_id') ?? ''} is not registered with the fake Google.`
          : !originAllowed(origin)
            ? `The origin ${origin} is not an authorised JavaScript origin of this client.`
            : user === undefined
              ? `Couldn't find your Google Account (${hint}).`
              : user.suspended || user.archived
                ? `The account ${hint} is suspended or archived.`
                : undefined;
      const html =
        problem !== undefined
          ? popupErrorPage(problem)
          : popupPage({
              clientId: FAKE_CLIENT_ID,
              loginHint: user?.primaryEmail ?? hint,
              scopes: (q.get('scope') ?? '').split(' ').filter((s) => s !== ''),
              origin,
            });
      return {
        status: problem === undefined ? 200 : 400,
        body: html,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      };
    }
    if (method === 'POST' && url.pathname === POPUP_PATHS.token) {
      const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
        string,
        unknown
      >;
      const user = findUser(state, String(fields.login_hint ?? ''));
      const scopes = Array.isArray(fields.scopes) ? fields.scopes.map(String) : [];
      if (fields.client_id !== FAKE_CLIENT_ID || user === undefined || user.suspended) {
        return { status: 400, body: { error: 'access_denied', error_description: 'Refused.' } };
      }
      return { status: 200, body: oauth.popupToken(managedAccount(user), scopes, FAKE_CLIENT_ID) };
    }
    return undefined;
  }

  function handle(
    method: string,
    url: URL,
    token: string,
    body: unknown,
    flavor?: string,
  ): FakeAnswer {
    const path = decodeURIComponent(url.pathname);
    const runtime = handleMetadata(oauth, method, url, flavor);
    if (runtime !== undefined) return runtime;
    const signed = handleSignJwt(iam, oauth, { method, path, token, body });
    if (signed !== undefined) return signed;
    if (method === 'POST' && path === '/token') {
      return oauth.exchange(body instanceof URLSearchParams ? body : new URLSearchParams());
    }
    if (path === '/tokeninfo' && (method === 'GET' || method === 'POST')) {
      const fromBody = body instanceof URLSearchParams ? body.get('access_token') : null;
      return oauth.tokenInfo(fromBody ?? url.searchParams.get('access_token') ?? '');
    }
    const page = popup(method, url, body);
    if (page !== undefined) return page;
    const holder = token === '' ? undefined : oauth.holder(token);
    if (token !== '' && holder === undefined) return googleError('authError');
    const request = { method, path, query: url.searchParams, body, holder };
    const { pageSize } = options;
    return (
      handleReseller(state, request, pageSize === 'google' ? 100 : pageSize) ??
      handleDirectory(state, request, pageSize === 'google' ? 200 : pageSize) ??
      handleGroupsSettings(state, request) ??
      googleError('notFound', `The fake Google has no ${method} ${path}`)
    );
  }

  function takeFault(method: string, path: string): Fault | undefined {
    const index = injected.findIndex((i) => i.method === method && i.path.test(path));
    if (index < 0) return undefined;
    const hit = injected[index];
    if (hit === undefined) return undefined;
    hit.remaining -= 1;
    if (hit.remaining <= 0) injected.splice(index, 1);
    return hit.fault;
  }

  function send(response: ServerResponse, answer: FakeAnswer): void {
    response.statusCode = answer.status;
    for (const [name, value] of Object.entries(answer.headers ?? {})) {
      response.setHeader(name, value);
    }
    if (answer.body === undefined) {
      response.end();
      return;
    }
    if (typeof answer.body === 'string') {
      response.end(answer.body);
      return;
    }
    response.setHeader('content-type', 'application/json; charset=UTF-8');
    response.end(JSON.stringify(answer.body));
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const startedAt = Date.now();
      const text = await readBody(request);
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const method = request.method ?? 'GET';
      const token = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
      const holder = token === '' ? undefined : oauth.holder(token);
      const call: FakeCall = {
        method,
        path: url.pathname,
        startedAt,
        endedAt: startedAt,
        caller: holder === undefined ? 'none' : holder.delegated ? 'reseller' : 'user',
        status: 'no answer',
      };
      calls.push(call);
      const latency = fake.latencyMs;
      if (latency > 0) await sleep(latency);
      const finish = (answer: FakeAnswer | 'none') => {
        call.endedAt = Date.now();
        if (answer === 'none') return;
        call.status = answer.status;
        send(response, answer);
      };
      const body = parseBody(text, request.headers['content-type']);
      const fault = takeFault(method, url.pathname);
      const flavor = request.headers['metadata-flavor'];
      if (fault === undefined) {
        finish(handle(method, url, token, body, typeof flavor === 'string' ? flavor : undefined));
        return;
      }
      if (fault === 'hang') return;
      if (fault === 'reset') {
        finish('none');
        request.socket.destroy();
        return;
      }
      if (typeof fault === 'object' && 'applyThen' in fault) {
        handle(method, url, token, body);
        if (fault.applyThen === 'hang') return;
        if (fault.applyThen === 'reset') {
          finish('none');
          request.socket.destroy();
          return;
        }
        finish(googleError('backendError'));
        return;
      }
      if ('errorInfo' in fault) {
        const service = serviceOfPath(url.pathname);
        finish(errorInfoError(fault.errorInfo, service, fault.metadata, fault.retryAfterSeconds));
        return;
      }
      if ('slowMs' in fault) {
        await sleep(fault.slowMs);
        finish(handle(method, url, token, body));
        return;
      }
      if ('applyLater' in fault) {
        const { afterMs, answer } = fault.applyLater;
        const apply = () => {
          handle(method, url, token, body);
        };
        if (afterMs === undefined) heldChanges.push(apply);
        else {
          const timer = setTimeout(() => {
            laterTimers.delete(timer);
            apply();
          }, afterMs);
          laterTimers.add(timer);
        }
        if (answer === 'hang') return;
        finish(googleError(answer === 503 ? 'backendError' : 'deadlineExceeded'));
        return;
      }
      if ('reason' in fault) {
        finish(googleError(fault.reason, fault.message, fault.retryAfterSeconds));
        return;
      }
      finish({ status: fault.status, body: fault.body });
    })();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  rootUrl = `http://127.0.0.1:${port}/`;

  let dns: FakeDns | undefined;
  if (options.dns === true) {
    dns = await startFakeDns((domain) => state.mx.get(domain), options.dnsPort);
  }

  const subscription = (subscriptionId: string): FakeSubscription => {
    const found = state.subscriptions.find((s) => s.subscriptionId === subscriptionId);
    if (found === undefined) throw new Error(`the fake has no subscription ${subscriptionId}`);
    return found;
  };

  const fake = {
    rootUrl,
    tokenInfoUrl: `${rootUrl}tokeninfo`,
    tokenUrl: `${rootUrl}token`,
    popupUrl: `${rootUrl}${POPUP_PATHS.page.slice(1)}`,
    clientId: FAKE_CLIENT_ID,
    groupTemplate: FAKE_GROUP_TEMPLATE,
    resellerAdmin: RESELLER_ADMIN,
    serviceAccountKey: fakeServiceAccountKey(),
    /** Keyless sign-in: the service account signJwt signs as (GOOGLE_SERVICE_ACCOUNT_EMAIL). */
    serviceAccountEmail: FAKE_SERVICE_ACCOUNT,
    /** The account the fake metadata server hands tokens to (the runtime's identity). */
    runtimeAccount: FAKE_RUNTIME_ACCOUNT,
    /** GCE_METADATA_HOST for google-auth-library: the fake answers as the metadata server. */
    metadataHost: `127.0.0.1:${port}`,
    /** The reseller project's IAM: signJwt's switch and who may sign as whom. */
    iam,
    /** host:port of the MX responder, when started with dns: true. */
    dnsServer: dns?.server,
    dns,
    state,
    calls,
    /** Milliseconds added to every answer. */
    latencyMs: options.latencyMs ?? 0,

    /** Google Identity Services issuing a managed user an access token for the portal's client. */
    issueToken(email: string, scopes: readonly string[], audience = FAKE_CLIENT_ID): string {
      const user = findUser(state, email);
      if (user === undefined) throw new Error(`the fake has no managed user ${email}`);
      return oauth.issue(managedAccount(user), scopes, audience, false);
    },
    /** The same for the personal Google account at this address (conflicting or unmanaged). */
    issuePersonalToken(email: string, scopes: readonly string[]): string {
      const wanted = email.toLowerCase();
      const account = state.personalAccounts.find((a) => a.email === wanted);
      if (account === undefined) throw new Error(`the fake has no personal account ${email}`);
      const { id: sub, emailVerified } = account;
      return oauth.issue({ sub, email: wanted, emailVerified }, scopes, FAKE_CLIENT_ID, false);
    },
    /** An admin deletes the user and creates a new one at the same address: a new directory id. */
    replaceUser(email: string) {
      const user = findUser(state, email);
      if (user === undefined) throw new Error(`the fake has no user ${email}`);
      replacements += 1;
      user.id = String(REPLACED_ID_BASE + BigInt(replacements));
    },
    /** What the metadata server hands the runtime: a cloud-platform token for its account. */
    async runtimeToken(): Promise<string> {
      const response = await fetch(
        `${rootUrl}computeMetadata/v1/instance/service-accounts/default/token`,
        { headers: { 'metadata-flavor': 'Google' } },
      );
      return ((await response.json()) as { access_token: string }).access_token;
    },
    /** Moves the fake's clock (token expiry) forward. */
    advanceClock(ms: number) {
      clock += ms;
    },
    /** The next `times` calls matching method and path get `fault` instead of their answer. */
    failNext(method: string, path: RegExp, fault: Fault, times = 1) {
      injected.push({ method, path, fault, remaining: times });
    },
    /** The calls made since `from` (an index into calls), and how many waited one after another. */
    roundTrips(from = 0): number {
      return sequentialRoundTrips(calls.slice(from));
    },
    /** Google's backend finishes the calls held by an applyLater fault without afterMs. */
    applyHeldChanges() {
      for (const apply of heldChanges.splice(0)) apply();
    },
    /**
     * Google updates the subscription and gives it a new id (the Reseller API reference: a
     * subscriptionId changes when a subscription is updated); the old id is then unknown (404).
     */
    renewSubscriptionId(subscriptionId: string, newId: string) {
      subscription(subscriptionId).subscriptionId = newId;
    },
    /** Another admin changes the seats behind the portal's back. */
    setSeats(subscriptionId: string, numberOfSeats: number) {
      subscription(subscriptionId).numberOfSeats = numberOfSeats;
    },
    updateSubscription(subscriptionId: string, changes: Partial<FakeSubscription>) {
      Object.assign(subscription(subscriptionId), changes);
    },
    addSubscription(added: FakeSubscription) {
      state.subscriptions.push(added);
    },
    updateUser(email: string, changes: Partial<FakeUser>) {
      const user = findUser(state, email);
      if (user === undefined) throw new Error(`the fake has no user ${email}`);
      Object.assign(user, changes);
    },
    /** The customer's Admin console switches: reseller access, and the reseller's Admin SDK access. */
    setCustomerAccess(
      domain: string,
      access: { resellerAccess?: boolean; adminSdkAccess?: boolean },
    ) {
      const customer = customerOfDomain(state, domain);
      if (customer === undefined) throw new Error(`the fake has no customer ${domain}`);
      Object.assign(customer, access);
    },
    deleteGroup(groupEmail: string) {
      state.groups.delete(groupEmail.toLowerCase());
    },
    members(groupEmail: string): string[] {
      return [...(state.groups.get(groupEmail.toLowerCase()) ?? [])];
    },
    /** A group made elsewhere (another instance, the Admin console); through the API it is internal. */
    createGroup(groupEmail: string, settings: Partial<FakeGroupSettings> = {}) {
      state.groups.set(groupEmail.toLowerCase(), []);
      state.groupSettings.set(groupEmail.toLowerCase(), { ...API_GROUP_SETTINGS, ...settings });
    },
    /** The group's settings as the Groups Settings API holds them, or undefined for no group. */
    groupSettings(groupEmail: string): FakeGroupSettings | undefined {
      const settings = state.groupSettings.get(groupEmail.toLowerCase());
      return settings === undefined ? undefined : { ...settings };
    },
    /** The reseller's Admin console no longer delegates `scope` to the service account. */
    withdrawDelegation(scope: string) {
      const at = delegatedScopes.indexOf(scope);
      if (at >= 0) delegatedScopes.splice(at, 1);
    },
    /** The reseller delegates `scope` to the service account (again). */
    grantDelegation(scope: string) {
      if (!delegatedScopes.includes(scope)) delegatedScopes.push(scope);
    },
    /** Every member change shows in reads (members.list, members.get) only after this many reads. */
    setMemberLag(reads: number) {
      state.memberLagReads = reads;
    },
    async close() {
      for (const timer of laterTimers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dns?.close();
    },
  };
  return fake;
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/** The reseller's name in google mode against the fake. */
const FAKE_RESELLER_NAME = 'Example Reseller';

/** The Google provider's options that point it at this fake, for tests that build the provider. */
export function fakeGoogleProviderOptions(fake: FakeGoogle): GoogleProviderOptions {
  return {
    clientId: fake.clientId,
    resellerName: FAKE_RESELLER_NAME,
    resellerAdminEmail: fake.resellerAdmin,
    serviceAccountKey: fake.serviceAccountKey,
    delegateGroupTemplate: fake.groupTemplate,
    apiRootUrl: fake.rootUrl,
    tokenInfoUrl: fake.tokenInfoUrl,
    tokenUrl: fake.tokenUrl,
  };
}

/**
 * The environment that runs the portal in google mode against this fake (docs/configuration-google.md,
 * "Testing against an emulator"). Merge it over process.env and start the portal.
 */
export function fakeGoogleEnv(fake: FakeGoogle, sessionSecret: string): Record<string, string> {
  return {
    PORTAL_PROVIDER: 'google',
    GOOGLE_CLIENT_ID: fake.clientId,
    RESELLER_NAME: FAKE_RESELLER_NAME,
    RESELLER_ADMIN_EMAIL: fake.resellerAdmin,
    GOOGLE_SERVICE_ACCOUNT_KEY: JSON.stringify(fake.serviceAccountKey),
    DELEGATE_GROUP_TEMPLATE: fake.groupTemplate,
    SESSION_SECRET: sessionSecret,
    CONTACT_URL: `${fake.rootUrl}stand-in/contact`,
    HELPDESK_URL: `${fake.rootUrl}stand-in/helpdesk`,
    SUPPORT_SITE_URL: `${fake.rootUrl}stand-in/support-site`,
    // The emulator variables below are refused without it (src/server/emulator.ts).
    GOOGLE_EMULATOR: 'true',
    GOOGLE_API_ROOT_URL: fake.rootUrl,
    GOOGLE_TOKENINFO_URL: fake.tokenInfoUrl,
    GOOGLE_OAUTH_TOKEN_URL: fake.tokenUrl,
    GOOGLE_SIGN_IN_POPUP_URL: fake.popupUrl,
    ...(fake.dnsServer === undefined ? {} : { PORTAL_DNS_SERVERS: fake.dnsServer }),
  };
}
