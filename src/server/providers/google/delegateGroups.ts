import type { admin_directory_v1 } from '@googleapis/admin';
import type { groupssettings_v1 } from 'googleapis';
import type { DelegateKind } from '../../../contract/api';
import { ERROR_TEXT } from '../../../contract/errors';
import { ApiError, notFound } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import { withReadRetries } from './googleCalls';
import {
  isDailyLimit,
  isInsufficientScopes,
  isLostAnswer,
  isRateLimited,
  RATE_LIMIT_RETRY_AFTER_SECONDS,
  readFailure,
  upstreamError,
  type GoogleFailure,
} from './googleFailure';
import { apiRoot, callJson, restUrl, type ResellerAuth } from './googleRest';
import type { TtlCache } from './ttlCache';

// The two delegate groups of each customer, in the reseller's domain (docs/configuration-google.md,
// "Delegate groups"): listed, changed, and set up by the first add: created with Directory
// groups.insert and opened to members outside the reseller's organisation with the Groups Settings
// API. Google lists a member added by an alias under the account's primary address, and may show a
// change only a moment later; the lists handed back reflect every change Google has confirmed.

/** Domain-wide delegation scopes the first add of a customer needs, besides the members' scope. */
export const GROUP_SETUP_SCOPES = {
  groups: 'https://www.googleapis.com/auth/admin.directory.group',
  groupSettings: 'https://www.googleapis.com/auth/apps.groups.settings',
} as const;
const MEMBERS_SCOPE = 'https://www.googleapis.com/auth/admin.directory.group.member';
const DIRECTORY = "Google's Directory API";
const GROUPS_SETTINGS = "Google's Groups Settings API";
/** The Groups Settings API's host; GOOGLE_API_ROOT_URL replaces it for an emulator. */
const GOOGLE_APIS_ROOT = 'https://www.googleapis.com/';
/** Directory API's maximum page size for group members. */
const MEMBERS_PAGE_SIZE = 200;
/** Bounds every page loop; far beyond any real group. */
const MAX_PAGES = 50;
/** How long Google may take to show a member change in its reads; this instance overlays it meanwhile. */
const MEMBER_CHANGE_SHOWS_WITHIN_MS = 60_000;
/** Google refuses an outside member of an internal group as a failed precondition or a refusal. */
const OUTSIDER_REFUSAL_STATUSES = new Set([403, 412]);

/** Outsiders may be members; nobody joins by themselves: only the portal adds delegates. */
const DELEGATE_GROUP_SETTINGS: groupssettings_v1.Schema$Groups = {
  allowExternalMembers: 'true',
  whoCanJoin: 'INVITED_CAN_JOIN',
};
const GROUP_NAMES: Readonly<Record<DelegateKind, string>> = {
  licence: 'Licence delegates',
  support: 'Support delegates',
};
const GROUP_PURPOSES: Readonly<Record<DelegateKind, string>> = {
  licence: 'may add licences',
  support: 'may see the subscription',
};

/** How the provider calls Google as the reseller admin (resellerAdmin.ts). */
export type AsReseller = <T>(scope: string, call: (auth: ResellerAuth) => Promise<T>) => Promise<T>;

export interface DelegateGroupsOptions {
  directory: admin_directory_v1.Admin;
  now?: () => number;
  /** DELEGATE_GROUP_TEMPLATE, with {kind} and {customerId}. */
  groupTemplate: string;
  /** GOOGLE_API_ROOT_URL, when set. */
  apiRootUrl: string | undefined;
  cache: TtlCache;
  asReseller: AsReseller;
  /** The fetch of the hand-made calls (the provider's measured one); default Node's. */
  fetch?: typeof fetch;
}

/** A member as Google lists it: the account's id and its primary address (lower-cased). */
interface ListedMember {
  id: string | undefined;
  email: string;
}

/** A change Google confirmed, which its reads may not show yet. */
interface ConfirmedChange {
  action: 'add' | 'delete';
  member: ListedMember;
  at: number;
}

const isSameMember = (a: ListedMember, b: ListedMember) =>
  (a.id !== undefined && a.id === b.id) || a.email === b.email;

/** The members with the confirmed changes applied, in order. */
function withChanges(members: ListedMember[], changes: readonly ConfirmedChange[]): ListedMember[] {
  return changes.reduce(
    (list, { action, member }) =>
      action === 'delete'
        ? list.filter((each) => !isSameMember(each, member))
        : list.some((each) => isSameMember(each, member))
          ? list
          : [...list, member],
    members,
  );
}

/** A write Google did not answer may still have happened; a passed deadline leaves no time to ask. */
const mayHaveHappened = (failure: GoogleFailure) =>
  isLostAnswer(failure) && failure.lost !== 'deadline' && !failure.serviceAccount;

const isGroupMissing = (failure: GoogleFailure) =>
  failure.status === 404 && /groupKey/i.test(failure.message);

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export function createDelegateGroups(options: DelegateGroupsOptions) {
  const { directory, cache, asReseller } = options;
  const now = options.now ?? Date.now;
  const confirmed = new Map<string, ConfirmedChange[]>();
  const readAsReseller: AsReseller = (scope, call) =>
    withReadRetries(() => asReseller(scope, call));
  const settingsRoot = apiRoot(options.apiRootUrl, GOOGLE_APIS_ROOT);

  const groupKey = (kind: DelegateKind, customerId: string) =>
    options.groupTemplate
      .replaceAll('{kind}', kind)
      .replaceAll('{customerId}', customerId.toLowerCase());
  const cacheKey = (group: string) => `members:${group.toLowerCase()}`;

  /** Every page of the group's members, uncached; a group that does not exist yet has none. */
  async function readMembers(group: string): Promise<ListedMember[]> {
    const members: ListedMember[] = [];
    let pageToken: string | undefined;
    try {
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const { data } = await readAsReseller(MEMBERS_SCOPE, (auth) =>
          directory.members.list(
            {
              groupKey: group,
              maxResults: MEMBERS_PAGE_SIZE,
              ...(pageToken === undefined ? {} : { pageToken }),
            },
            auth,
          ),
        );
        for (const member of data.members ?? []) {
          if (member.email) {
            members.push({ id: member.id ?? undefined, email: member.email.toLowerCase() });
          }
        }
        pageToken = data.nextPageToken ?? undefined;
        if (pageToken === undefined) break;
      }
    } catch (error) {
      const failure = readFailure(error);
      if (failure.status === 404) return [];
      throw upstreamError(failure, DIRECTORY);
    }
    return members;
  }

  /** The group's members, with the changes Google confirmed lately and may not show yet. */
  async function listed(group: string): Promise<ListedMember[]> {
    const members = await cache.get(cacheKey(group), () => readMembers(group));
    const recent = (confirmed.get(group) ?? []).filter(
      (change) => now() - change.at < MEMBER_CHANGE_SHOWS_WITHIN_MS,
    );
    if (recent.length === 0) confirmed.delete(group);
    else confirmed.set(group, recent);
    return withChanges(members, recent);
  }

  function remember(group: string, action: ConfirmedChange['action'], member: ListedMember) {
    confirmed.set(group, [...(confirmed.get(group) ?? []), { action, member, at: now() }]);
  }

  const addresses = (members: readonly ListedMember[]) =>
    [...new Set(members.map((member) => member.email))].sort();

  /** The member as Google holds it now (uncached; Google resolves an alias), or undefined. */
  async function readMember(group: string, email: string): Promise<ListedMember | undefined> {
    try {
      const { data } = await readAsReseller(MEMBERS_SCOPE, (auth) =>
        directory.members.get({ groupKey: group, memberKey: email }, auth),
      );
      return { id: data.id ?? undefined, email: (data.email ?? email).toLowerCase() };
    } catch (error) {
      const failure = readFailure(error);
      if (failure.status === 404) return undefined;
      throw upstreamError(failure, DIRECTORY);
    }
  }

  /** Opens the group to members outside the reseller's organisation (idempotent, so retried). */
  async function allowOutsideMembers(group: string): Promise<void> {
    // The Groups Settings API answers Atom unless asked for JSON.
    const url = restUrl(settingsRoot, `groups/v1/groups/${encodeURIComponent(group)}`, {
      alt: 'json',
    });
    try {
      await readAsReseller(GROUP_SETUP_SCOPES.groupSettings, (auth) =>
        callJson<groupssettings_v1.Schema$Groups>(options.fetch ?? fetch, {
          method: 'PATCH',
          url,
          auth,
          body: DELEGATE_GROUP_SETTINGS,
        }),
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw upstreamError(readFailure(error), GROUPS_SETTINGS);
    }
  }

  /** Creates the group in the reseller's domain; one another instance made first is as good. */
  async function setUpGroup(kind: DelegateKind, customerId: string, group: string) {
    const requestBody: admin_directory_v1.Schema$Group = {
      email: group,
      name: `${GROUP_NAMES[kind]} of ${customerId}`,
      description: `People who ${GROUP_PURPOSES[kind]} of Google Workspace customer ${customerId} through the reseller's portal. The portal manages its members.`,
    };
    try {
      // Sending it again after a lost answer is harmless: Google answers duplicate.
      await readAsReseller(GROUP_SETUP_SCOPES.groups, (auth) =>
        directory.groups.insert({ requestBody }, auth),
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const failure = readFailure(error);
      if (failure.status !== 409) throw upstreamError(failure, DIRECTORY);
    }
    // Settings either way: an instance that made the group may have stopped before them.
    await allowOutsideMembers(group);
  }

  /** An outside address refused by the group: it is internal, not opened by the portal yet. */
  const refusedAsOutsider = (failure: GoogleFailure, group: string, member: string) =>
    domainOf(member) !== domainOf(group) &&
    failure.status !== undefined &&
    OUTSIDER_REFUSAL_STATUSES.has(failure.status) &&
    !isInsufficientScopes(failure) &&
    !isRateLimited(failure) &&
    !isDailyLimit(failure);

  /**
   * members.insert, setting the group up when it is missing or internal. An insert whose answer was
   * lost is sent once more: Google's duplicate then means the first one went through.
   */
  async function insertMember(
    kind: DelegateKind,
    customerId: string,
    group: string,
    member: string,
  ): Promise<ListedMember> {
    let setUp = false;
    let resent = false;
    for (;;) {
      try {
        const { data } = await asReseller(MEMBERS_SCOPE, (auth) =>
          directory.members.insert(
            { groupKey: group, requestBody: { email: member, role: 'MEMBER' } },
            auth,
          ),
        );
        return { id: data.id ?? undefined, email: (data.email ?? member).toLowerCase() };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        if (failure.status === 409 && resent) {
          return (await readMember(group, member)) ?? { id: undefined, email: member };
        }
        if (failure.status === 409) {
          throw new ApiError(409, ERROR_TEXT.memberAlreadyExists);
        }
        if (isGroupMissing(failure)) {
          // Google may take a moment to show a group it has just created.
          if (setUp) {
            throw new ApiError(503, SERVER_TEXT.delegateGroupNotReady(group), {
              retryAfterSeconds: RATE_LIMIT_RETRY_AFTER_SECONDS,
            });
          }
          setUp = true;
          await setUpGroup(kind, customerId, group);
          continue;
        }
        if (refusedAsOutsider(failure, group, member)) {
          if (setUp) {
            throw new ApiError(502, SERVER_TEXT.delegateGroupRefusesOutsiders(group));
          }
          setUp = true;
          await allowOutsideMembers(group);
          continue;
        }
        if (!resent && mayHaveHappened(failure)) {
          resent = true;
          continue;
        }
        throw upstreamError(failure, DIRECTORY);
      }
    }
  }

  /** members.delete; a delete whose answer was lost is sent once more (absent then means done). */
  async function deleteMember(group: string, member: string): Promise<void> {
    let resent = false;
    for (;;) {
      try {
        await asReseller(MEMBERS_SCOPE, (auth) =>
          directory.members.delete({ groupKey: group, memberKey: member }, auth),
        );
        return;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        // No group yet means no member either.
        if (failure.status === 404 && resent) return;
        if (failure.status === 404) throw notFound(ERROR_TEXT.memberNotFound);
        if (!resent && mayHaveHappened(failure)) {
          resent = true;
          continue;
        }
        throw upstreamError(failure, DIRECTORY);
      }
    }
  }

  return {
    groupKey,

    async listDelegates(kind: DelegateKind, customerId: string, fresh: boolean) {
      const group = groupKey(kind, customerId);
      if (fresh) cache.drop(cacheKey(group));
      return addresses(await listed(group));
    },

    async addDelegate(kind: DelegateKind, customerId: string, email: string) {
      const group = groupKey(kind, customerId);
      const member = email.trim().toLowerCase();
      try {
        remember(group, 'add', await insertMember(kind, customerId, group, member));
      } finally {
        cache.drop(cacheKey(group));
      }
      return addresses(await listed(group));
    },

    async removeDelegate(kind: DelegateKind, customerId: string, email: string) {
      const group = groupKey(kind, customerId);
      const member = email.trim().toLowerCase();
      try {
        await deleteMember(group, member);
        remember(group, 'delete', { id: undefined, email: member });
      } finally {
        cache.drop(cacheKey(group));
      }
      return addresses(await listed(group));
    },
  };
}

export type DelegateGroups = ReturnType<typeof createDelegateGroups>;
