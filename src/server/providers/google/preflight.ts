import type { admin_directory_v1, groupssettings_v1, reseller_v1 } from 'googleapis';
import { isJsonObject } from '../../../contract/json';
import { DEFAULT_WORKSPACE_SKU_IDS } from '../skus';
import { GROUP_SETUP_SCOPES } from './delegateGroups';
import { isInsufficientScopes, readFailure, type GoogleFailure } from './googleFailure';
import { GOOGLE_SCOPES } from './googleProvider';
import type { GoogleProviderOptions } from './options';
import { chooseWorkspaceSubscription } from './subscriptionChoice';

// `npm run google:check` (docs/google-setup.md, step 7): each Google API the portal uses, called once
// with the portal's own configuration, so an operator sees what is missing before anyone signs in.
// Each check answers ok or what failed and the Admin console or Cloud console setting that fixes it.

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was found, or what Google answered. */
  detail: string;
  /** The setting that fixes a failure. */
  fix?: string;
}

/** What the checks need of the service account: a token for some scopes, as the reseller admin. */
export interface PreflightTokens {
  accessToken(scopes: readonly string[], signal: AbortSignal): Promise<string>;
}

export interface PreflightOptions {
  google: GoogleProviderOptions;
  tokens: PreflightTokens;
  /** The customer to check; default the first one the reseller's subscription list names. */
  customerId?: string;
}

/** Each API's public host, or the emulator's single root (GOOGLE_API_ROOT_URL). */
const API_ROOTS = {
  reseller: 'https://reseller.googleapis.com/',
  directory: 'https://admin.googleapis.com/',
  groupsSettings: 'https://www.googleapis.com/',
} as const;

const CALL_TIMEOUT_MS = 15_000;
const SUBSCRIPTIONS_PAGE_SIZE = 100;
/** Bounds the page loop; far beyond any real customer. */
const MAX_PAGES = 50;

const CONSOLE = {
  delegation:
    'Admin console (reseller domain) → Security → Access and data control → API controls → Manage domain-wide delegation',
  library: 'Cloud console → APIs & Services → Library',
  tokenCreator:
    'Cloud console → IAM & Admin → Service accounts → the delegating account → Permissions: grant the runtime Service Account Token Creator',
} as const;

/** Google's refusal shaped like a gaxios error, so readFailure reads it. */
class GoogleAnswer extends Error {
  constructor(readonly response: { status: number; data: unknown; headers: Headers }) {
    super(`HTTP ${response.status}`);
  }
}

/** The fix for a refusal that names a setting, read from Google's reason (both error shapes). */
function fixFor(failure: GoogleFailure, api: string, scope: string): string | undefined {
  if (failure.serviceAccountStep === 'credentials') {
    return 'No key is configured and this machine has no application default credentials: run on Cloud Run, GKE or a VM with a service account, or set GOOGLE_APPLICATION_CREDENTIALS.';
  }
  if (failure.serviceAccountStep === 'signJwt' && failure.reason !== 'accessNotConfigured') {
    return CONSOLE.tokenCreator;
  }
  if (failure.reason === 'accessNotConfigured') {
    const which =
      failure.serviceAccountStep === 'signJwt' ? 'IAM Service Account Credentials API' : api;
    return `${CONSOLE.library}: enable the ${which} in the project of the service account.`;
  }
  if (failure.reason === 'unauthorized_client' || isInsufficientScopes(failure)) {
    return `${CONSOLE.delegation}: give the service account's client id the scope ${scope}.`;
  }
  if (failure.reason === 'invalid_grant') {
    return 'RESELLER_ADMIN_EMAIL must be an active admin of the reseller domain, and the service account (its key, or GOOGLE_SERVICE_ACCOUNT_EMAIL) must exist.';
  }
  if (failure.status === undefined) {
    return 'Google could not be reached from this machine: check its outbound HTTPS (proxy, firewall, DNS).';
  }
  return undefined;
}

function describe(failure: GoogleFailure): string {
  const status = failure.status === undefined ? 'no answer' : `HTTP ${failure.status}`;
  return `${status}${failure.reason === undefined ? '' : ` ${failure.reason}`}: ${failure.message}`;
}

export async function runGooglePreflight(options: PreflightOptions): Promise<CheckResult[]> {
  const { google, tokens } = options;
  const results: CheckResult[] = [];
  const root = (api: keyof typeof API_ROOTS) => google.apiRootUrl ?? API_ROOTS[api];

  async function call<T>(scope: string, url: string): Promise<T> {
    const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
    const token = await tokens.accessToken([scope], signal);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal });
    const data: unknown = await response.json().catch(() => undefined);
    if (!response.ok)
      throw new GoogleAnswer({ status: response.status, data, headers: response.headers });
    return data as T;
  }

  /** Runs one check; a failure is recorded with its fix, and the value is undefined. */
  async function check<T>(
    name: string,
    api: string,
    scope: string,
    run: () => Promise<{ value: T; detail: string }>,
  ): Promise<T | undefined> {
    try {
      const { value, detail } = await run();
      results.push({ name, ok: true, detail });
      return value;
    } catch (error) {
      const failure = readFailure(error);
      const fix = fixFor(failure, api, scope);
      results.push({
        name,
        ok: false,
        detail: describe(failure),
        ...(fix === undefined ? {} : { fix }),
      });
      return undefined;
    }
  }

  // The credentials, one scope at a time, so a scope missing from the delegation is named.
  for (const scope of [...Object.values(GOOGLE_SCOPES), ...Object.values(GROUP_SETUP_SCOPES)]) {
    await check(
      `credentials for ${scope}`,
      'IAM Service Account Credentials API',
      scope,
      async () => {
        await tokens.accessToken([scope], AbortSignal.timeout(CALL_TIMEOUT_MS));
        return { value: true, detail: `a token as ${google.resellerAdminEmail}` };
      },
    );
  }

  const orders = GOOGLE_SCOPES.resellerOrders;
  const customerId =
    options.customerId ??
    (await check('reseller subscriptions', 'Google Workspace Reseller API', orders, async () => {
      const data = await call<reseller_v1.Schema$Subscriptions>(
        orders,
        `${root('reseller')}apps/reseller/v1/subscriptions?maxResults=1`,
      );
      const first = data.subscriptions?.[0]?.customerId ?? undefined;
      if (first === undefined)
        throw new Error('the reseller has no subscriptions to check against');
      return { value: first, detail: `first customer ${first}` };
    }));
  if (customerId === undefined) return results;

  await check('reseller customer', 'Google Workspace Reseller API', orders, async () => {
    const data = await call<reseller_v1.Schema$Customer>(
      orders,
      `${root('reseller')}apps/reseller/v1/customers/${encodeURIComponent(customerId)}`,
    );
    return { value: data, detail: `${customerId} is ${data.customerDomain ?? 'a customer'}` };
  });

  await check('customer subscriptions', 'Google Workspace Reseller API', orders, async () => {
    const all: reseller_v1.Schema$Subscription[] = [];
    let pageToken = '';
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const data = await call<reseller_v1.Schema$Subscriptions>(
        orders,
        `${root('reseller')}apps/reseller/v1/subscriptions?customerId=${encodeURIComponent(customerId)}&maxResults=${SUBSCRIPTIONS_PAGE_SIZE}${pageToken === '' ? '' : `&pageToken=${encodeURIComponent(pageToken)}`}`,
      );
      all.push(...(data.subscriptions ?? []));
      pageToken = data.nextPageToken ?? '';
      if (pageToken === '') break;
    }
    const { chosen } = chooseWorkspaceSubscription(
      all,
      google.workspaceSkuIds ?? DEFAULT_WORKSPACE_SKU_IDS,
    );
    const which =
      chosen === undefined
        ? 'none of them is a Workspace edition of WORKSPACE_SKU_IDS'
        : `Workspace subscription ${chosen.subscriptionId ?? ''} (${chosen.skuName ?? chosen.skuId ?? ''}, ${chosen.plan?.planName ?? ''})`;
    return { value: all, detail: `${all.length} subscription(s); ${which}` };
  });

  const users = GOOGLE_SCOPES.directoryUsers;
  await check('customer directory user', 'Admin SDK API', users, async () => {
    const data = await call<admin_directory_v1.Schema$Users>(
      users,
      `${root('directory')}admin/directory/v1/users?customer=${encodeURIComponent(customerId)}&maxResults=1&viewType=admin_view`,
    );
    const first = data.users?.[0]?.primaryEmail;
    if (first == null) throw new Error(`the directory of ${customerId} lists no user`);
    return { value: first, detail: `read ${first}` };
  });

  const group = google.delegateGroupTemplate
    .replaceAll('{kind}', 'licence')
    .replaceAll('{customerId}', customerId.toLowerCase());
  const groupScope = GOOGLE_SCOPES.groupMembers;
  const exists = await check('delegate group', 'Admin SDK API', groupScope, async () => {
    try {
      await call<admin_directory_v1.Schema$Group>(
        groupScope,
        `${root('directory')}admin/directory/v1/groups/${encodeURIComponent(group)}`,
      );
      return { value: true, detail: `${group} exists` };
    } catch (error) {
      if (readFailure(error).status !== 404) throw error;
      return {
        value: false,
        detail: `${group} does not exist yet; the first delegate add creates it`,
      };
    }
  });

  const settingsScope = GROUP_SETUP_SCOPES.groupSettings;
  await check('delegate group settings', 'Groups Settings API', settingsScope, async () => {
    if (exists !== true) {
      await tokens.accessToken([settingsScope], AbortSignal.timeout(CALL_TIMEOUT_MS));
      return { value: true, detail: 'applied when the group is created' };
    }
    const data = await call<groupssettings_v1.Schema$Groups>(
      settingsScope,
      `${root('groupsSettings')}groups/v1/groups/${encodeURIComponent(group)}?alt=json`,
    );
    const outside = isJsonObject(data) && data.allowExternalMembers === 'true';
    return {
      value: outside,
      detail: outside
        ? `${group} accepts members from outside the reseller`
        : `${group} refuses outside members; the next delegate add sets it`,
    };
  });

  return results;
}

/** One line per check, as the command prints them. */
export function formatCheck(result: CheckResult): string {
  const head = `${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`;
  return result.fix === undefined ? head : `${head}\n     fix: ${result.fix}`;
}
