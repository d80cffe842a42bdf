import type { FakeState, FakeUser } from './dataset';
import {
  aliasDomainAddresses,
  API_GROUP_SETTINGS,
  customerOfAliasDomain,
  customerOfDomain,
  findUser,
  isOutsideMember,
  RESELLER_DOMAIN,
} from './dataset';
import { googleError, type FakeAnswer } from './googleErrors';
import type { FakeRequest } from './oauth';
import { pagedAnswer } from './paging';

// The Admin SDK Directory API (admin/directory/v1) as its reference documents it: users.get with the
// admin and domain_public views, users.list of a domain or a customer, users.photos.get,
// users.list's search by isAdmin, isSuspended and isArchived, groups.insert and groups.get, and group members with nextPageToken. A reseller reaches a
// customer's users only while the customer allows it. A member added by an alias is listed under the
// account's primary address; an internal group refuses members from outside the organisation; a
// member change may show in reads only a few reads later. members.hasMember counts nested groups'
// members and answers 404 for a group or a member it does not know. Test-only.

export const DIRECTORY_USER_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.user',
];
export const GROUP_MEMBER_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.group.member',
  'https://www.googleapis.com/auth/admin.directory.group',
];
export const GROUP_SCOPES = ['https://www.googleapis.com/auth/admin.directory.group'];
/**
 * Google has not documented the exact error for an outside member refused by an internal group; the
 * fake answers a failed precondition (reason conditionNotMet), as for its other membership rules.
 */
export const OUTSIDE_MEMBER_REFUSAL =
  'Member is outside the group’s organisation, and the group does not allow external members.';
/** Google's limit is 200 per page; the fake pages by 2 so every caller's paging is exercised. */
export const FAKE_MEMBER_PAGE_SIZE = 2;
const MAX_MEMBERS_PAGE = 200;
/** users.list: maxResults is 1 to 500, 100 when not given (the reference). */
const MAX_USERS_PAGE = 500;
const DEFAULT_USERS_PAGE = 100;

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function photoUrl(user: FakeUser): string {
  return `https://lh3.googleusercontent.com/a-/fake-${user.id}=s96-c`;
}

/** The boolean fields of users.list's search (Directory API, Search for users) the fake knows. */
const SEARCHABLE_FLAGS: Record<string, (user: FakeUser) => boolean> = {
  isAdmin: (user) => user.isAdmin,
  isSuspended: (user) => user.suspended,
  isArchived: (user) => user.archived,
};

/**
 * users.list's `query`: clauses separated by spaces, ANDed; the fake reads `<flag>=true|false` of
 * the fields above and answers 400 invalid for anything else, where Google would search by it.
 */
function searchOf(query: string | null): ((user: FakeUser) => boolean) | 'unknown' {
  if (query === null || query.trim() === '') return () => true;
  const tests: ((user: FakeUser) => boolean)[] = [];
  for (const clause of query.trim().split(/\s+/)) {
    const match = /^(\w+)=(true|false)$/.exec(clause);
    const flag = match === null ? undefined : SEARCHABLE_FLAGS[match[1] ?? ''];
    if (match === null || flag === undefined) return 'unknown';
    const wanted = match[2] === 'true';
    tests.push((user) => flag(user) === wanted);
  }
  return (user) => tests.every((test) => test(user));
}

/** Schema$User in the admin view, or the fields of the domain-wide public view. */
function toGoogleUser(state: FakeState, user: FakeUser, adminView: boolean) {
  const common = {
    kind: 'admin#directory#user',
    id: user.id,
    etag: `"etag-${user.id}"`,
    primaryEmail: user.primaryEmail,
    name: {
      givenName: user.givenName,
      familyName: user.familyName,
      fullName: `${user.givenName} ${user.familyName}`,
    },
    ...(user.photo === null
      ? {}
      : { thumbnailPhotoUrl: photoUrl(user), thumbnailPhotoEtag: `"photo-${user.id}"` }),
  };
  if (!adminView) return common;
  return {
    ...common,
    isAdmin: user.isAdmin,
    isDelegatedAdmin: false,
    suspended: user.suspended,
    ...(user.suspended ? { suspensionReason: 'ADMIN' } : {}),
    archived: user.archived,
    customerId: user.customerId,
    orgUnitPath: '/',
    agreedToTerms: true,
    isMailboxSetup: true,
    includeInGlobalAddressList: true,
    emails: [{ address: user.primaryEmail, primary: true }],
    ...(user.aliases.length > 0 ? { aliases: [...user.aliases] } : {}),
    ...(aliasDomainAddresses(state, user).length > 0
      ? { nonEditableAliases: aliasDomainAddresses(state, user) }
      : {}),
    creationTime: '2024-01-15T09:00:00.000Z',
  };
}

/** Why the reseller may not read this customer's directory, or undefined when it may. */
function resellerRefusal(state: FakeState, domain: string): FakeAnswer | undefined {
  // users.get resolves a domain alias to its account; users.list does not (customerOfDomain there).
  const customer = customerOfDomain(state, domain) ?? customerOfAliasDomain(state, domain);
  if (domain === RESELLER_DOMAIN) return undefined;
  if (customer === undefined || !customer.own || !customer.resellerAccess) {
    return googleError('forbidden');
  }
  if (!customer.adminSdkAccess) return googleError('domainCannotUseApis');
  return undefined;
}

function getUser(state: FakeState, request: FakeRequest, key: string): FakeAnswer {
  const { holder, query } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.scopes.some((s) => DIRECTORY_USER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const viewType = query.get('viewType') ?? 'admin_view';
  if (viewType !== 'admin_view' && viewType !== 'domain_public') {
    return googleError('invalid', 'Invalid value for viewType.');
  }
  const keyDomain = key.includes('@') ? domainOf(key) : undefined;
  if (holder.delegated) {
    // The reseller's admin reads a resold customer's directory (always the admin view).
    if (keyDomain !== undefined) {
      const refused = resellerRefusal(state, keyDomain);
      if (refused !== undefined) return refused;
    }
    const user = findUser(state, key);
    if (user === undefined) return googleError('notFound', 'Resource Not Found: userKey');
    return { status: 200, body: toGoogleUser(state, user, true) };
  }
  // The token's account: a personal account with a customer's address is in no directory.
  const caller = state.users.find((u) => u.id === holder.sub);
  const user = findUser(state, key);
  if (caller === undefined || (user !== undefined && user.customerId !== caller.customerId)) {
    return googleError('forbidden');
  }
  if (user === undefined) {
    if (
      keyDomain !== undefined &&
      customerOfDomain(state, keyDomain)?.customerId !== caller.customerId
    ) {
      return googleError('forbidden');
    }
    return googleError('notFound', 'Resource Not Found: userKey');
  }
  // Only an administrator may read the admin view; anyone in the account may read the public one.
  if (viewType === 'admin_view' && !caller.isAdmin) return googleError('forbidden');
  return { status: 200, body: toGoogleUser(state, user, viewType === 'admin_view') };
}

/**
 * users.list of one domain (or one customer): 400 with neither, 404 "Domain not found." for a domain
 * Google does not know, 403 where the caller may not read it; a domain without users lists none.
 */
function listUsers(state: FakeState, request: FakeRequest, pageLimit: number): FakeAnswer {
  const { holder, query } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.scopes.some((s) => DIRECTORY_USER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const domain = query.get('domain')?.toLowerCase();
  const customerKey = query.get('customer');
  if (domain === undefined && customerKey === null) return googleError('badRequest');
  const requested = Number(query.get('maxResults') ?? String(DEFAULT_USERS_PAGE));
  if (!Number.isInteger(requested) || requested < 1 || requested > MAX_USERS_PAGE) {
    return googleError('invalid', 'Invalid value for maxResults.');
  }
  const viewType = query.get('viewType') ?? 'admin_view';
  const search = searchOf(query.get('query'));
  if (search === 'unknown') return googleError('invalid', 'Invalid Input');
  const account =
    domain === undefined
      ? state.customers.find((c) => c.customerId === customerKey)
      : customerOfDomain(state, domain);
  if (domain !== undefined && account === undefined && domain !== RESELLER_DOMAIN) {
    return googleError('notFound', 'Domain not found.');
  }
  if (holder.delegated) {
    const refused = resellerRefusal(state, domain ?? account?.customerDomain ?? '');
    if (refused !== undefined) return refused;
  } else {
    const caller = state.users.find((u) => u.id === holder.sub);
    const allowed =
      caller !== undefined &&
      caller.customerId === account?.customerId &&
      (viewType !== 'admin_view' || caller.isAdmin);
    if (!allowed) return googleError('forbidden');
  }
  const listed = state.users.filter(
    (u) =>
      (domain === undefined
        ? u.customerId === account?.customerId
        : domainOf(u.primaryEmail) === domain) && search(u),
  );
  const pageSize = Math.min(requested, pageLimit);
  return pagedAnswer(listed, query, pageSize, (page) => ({
    kind: 'admin#directory#users',
    etag: `"users-${domain ?? customerKey ?? ''}"`,
    ...(page.length === 0
      ? {}
      : { users: page.map((u) => toGoogleUser(state, u, viewType === 'admin_view')) }),
  }));
}

/** users.photos.get: web-safe base64 as the reference describes it (- _ * and . for + / =). */
function getPhoto(state: FakeState, request: FakeRequest, key: string): FakeAnswer {
  const { holder } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.scopes.some((s) => DIRECTORY_USER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  if (holder.delegated && key.includes('@')) {
    const refused = resellerRefusal(state, domainOf(key));
    if (refused !== undefined) return refused;
  }
  const user = findUser(state, key);
  if (user === undefined) return googleError('notFound', 'Resource Not Found: userKey');
  if (user.photo === null) return googleError('notFound', 'Resource Not Found: photo');
  const photoData = user.photo.data
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=/g, '*');
  return {
    status: 200,
    body: {
      kind: 'admin#directory#user#photo',
      id: user.id,
      etag: `"photo-${user.id}"`,
      primaryEmail: user.primaryEmail,
      mimeType: user.photo.mimeType,
      height: 96,
      width: 96,
      photoData,
    },
  };
}

/** The account an address names: its primary address when it is a user's (or an alias of one). */
function memberAddress(state: FakeState, email: string): string {
  return findUser(state, email)?.primaryEmail ?? email;
}

/** The members reads show now: before the latest change while it has not shown yet. */
function readMembers(state: FakeState, groupKey: string, current: string[], counts: boolean) {
  const stale = state.staleMembers.get(groupKey);
  if (stale === undefined) return current;
  if (counts) stale.readsLeft -= 1;
  if (stale.readsLeft < 0) {
    state.staleMembers.delete(groupKey);
    return current;
  }
  return stale.members;
}

/** A member change that reads will show only after the configured number of reads. */
function changeMembers(state: FakeState, groupKey: string, group: string[], change: () => void) {
  if (state.memberLagReads > 0 && !state.staleMembers.has(groupKey)) {
    state.staleMembers.set(groupKey, { members: [...group], readsLeft: state.memberLagReads });
  }
  const stale = state.staleMembers.get(groupKey);
  if (stale !== undefined) stale.readsLeft = state.memberLagReads;
  change();
}

/** groups.insert: a new group in the organisation; it starts internal (no outside members). */
function insertGroup(state: FakeState, request: FakeRequest): FakeAnswer {
  const { holder, body } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUP_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return googleError('invalid', 'Invalid Input: email');
  if (isOutsideMember(email)) return googleError('invalid', 'Invalid Input: domain');
  if (state.groups.has(email) || findUser(state, email) !== undefined) {
    return googleError('duplicate');
  }
  const name = typeof fields.name === 'string' ? fields.name : email;
  const description = typeof fields.description === 'string' ? fields.description : '';
  state.groups.set(email, []);
  state.groupSettings.set(email, { ...API_GROUP_SETTINGS, name, description });
  return {
    status: 201,
    body: {
      kind: 'admin#directory#group',
      id: `group-${email}`,
      etag: `"group-${email}"`,
      email,
      name,
      description,
      directMembersCount: '0',
      adminCreated: true,
    },
  };
}

/** groups.get: the group's Schema$Group, or notFound (reason notFound, 'Resource Not Found: groupKey'). */
function getGroup(state: FakeState, request: FakeRequest, key: string): FakeAnswer {
  const { holder } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUP_MEMBER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const email = key.trim().toLowerCase();
  const group = state.groups.get(email);
  if (group === undefined) return googleError('notFound', 'Resource Not Found: groupKey');
  const settings = state.groupSettings.get(email);
  return {
    status: 200,
    body: {
      kind: 'admin#directory#group',
      id: `group-${email}`,
      etag: `"group-${email}"`,
      email,
      name: settings?.name ?? email,
      description: settings?.description ?? '',
      directMembersCount: String(group.length),
      adminCreated: true,
    },
  };
}

function members(
  state: FakeState,
  request: FakeRequest,
  groupKey: string,
  memberKey: string | undefined,
  pageLimit: number,
) {
  const { method, holder, query, body } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUP_MEMBER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const key = groupKey.toLowerCase();
  const group = state.groups.get(key);
  if (group === undefined) return googleError('notFound', 'Resource Not Found: groupKey');
  const toMember = (email: string) => ({
    kind: 'admin#directory#member',
    etag: `"member-${email}"`,
    id: findUser(state, email)?.id ?? `ext-${email}`,
    email,
    role: 'MEMBER',
    type: 'USER',
    status: 'ACTIVE',
  });

  if (memberKey === undefined && method === 'GET') {
    const requested = Number(query.get('maxResults') ?? String(MAX_MEMBERS_PAGE));
    if (!Number.isInteger(requested) || requested < 1 || requested > MAX_MEMBERS_PAGE) {
      return googleError('invalid', 'Invalid value for maxResults.');
    }
    const pageSize = Math.min(requested, pageLimit);
    const shown = readMembers(state, key, group, !query.has('pageToken'));
    return pagedAnswer(shown, query, pageSize, (page) => ({
      kind: 'admin#directory#members',
      etag: `"members-${groupKey}"`,
      ...(shown.length === 0 ? {} : { members: page.map(toMember) }),
    }));
  }
  if (memberKey === undefined && method === 'POST') {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const given = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(given)) {
      return googleError('invalid', 'Invalid Input: memberKey');
    }
    const email = memberAddress(state, given);
    if (group.includes(email)) return googleError('duplicate', 'Member already exists.');
    if (isOutsideMember(email) && state.groupSettings.get(key)?.allowExternalMembers !== 'true') {
      return googleError('conditionNotMet', OUTSIDE_MEMBER_REFUSAL);
    }
    changeMembers(state, key, group, () => group.push(email));
    // The answer names the member as it was asked for; lists show the account's primary address.
    return { status: 200, body: { ...toMember(email), email: given } };
  }
  if (memberKey !== undefined) {
    const wanted = memberAddress(state, memberKey.toLowerCase());
    const shown = method === 'GET' ? readMembers(state, key, group, true) : group;
    const index = shown.findIndex((email) => email === wanted || toMember(email).id === memberKey);
    if (index < 0) return googleError('notFound', 'Resource Not Found: memberKey');
    if (method === 'GET') return { status: 200, body: toMember(shown[index] ?? '') };
    if (method === 'DELETE') {
      changeMembers(state, key, group, () => group.splice(index, 1));
      return { status: 204 };
    }
  }
  return googleError('notFound', `No such Directory API method: ${method}`);
}

/** Whether the address is in the group or in a group nested in it. */
function isNestedMember(
  state: FakeState,
  group: string,
  email: string,
  seen = new Set<string>(),
): boolean {
  if (seen.has(group)) return false;
  seen.add(group);
  const members = state.groups.get(group) ?? [];
  return members.some((member) => member === email || isNestedMember(state, member, email, seen));
}

/** members.hasMember: { isMember }, direct or nested; 404 for an unknown group or member. */
function hasMember(state: FakeState, request: FakeRequest, groupKey: string, memberKey: string) {
  const { holder } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUP_MEMBER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const group = groupKey.trim().toLowerCase();
  if (!state.groups.has(group)) return googleError('notFound', 'Resource Not Found: groupKey');
  const user = findUser(state, memberKey);
  if (user === undefined) return googleError('notFound', 'Resource Not Found: memberKey');
  return {
    status: 200,
    body: { isMember: isNestedMember(state, group, user.primaryEmail) },
  };
}

export function handleDirectory(
  state: FakeState,
  request: FakeRequest,
  pageLimit: number = FAKE_MEMBER_PAGE_SIZE,
): FakeAnswer | undefined {
  const { method, path } = request;
  if (!path.startsWith('/admin/directory/v1/')) return undefined;
  if (method === 'GET' && path === '/admin/directory/v1/users') {
    return listUsers(state, request, pageLimit);
  }
  let match = /^\/admin\/directory\/v1\/users\/([^/]+)$/.exec(path);
  if (method === 'GET' && match) return getUser(state, request, match[1] ?? '');
  match = /^\/admin\/directory\/v1\/users\/([^/]+)\/photos\/thumbnail$/.exec(path);
  if (method === 'GET' && match) return getPhoto(state, request, match[1] ?? '');
  if (method === 'POST' && path === '/admin/directory/v1/groups')
    return insertGroup(state, request);
  match = /^\/admin\/directory\/v1\/groups\/([^/]+)$/.exec(path);
  if (method === 'GET' && match) return getGroup(state, request, match[1] ?? '');
  match = /^\/admin\/directory\/v1\/groups\/([^/]+)\/hasMember\/([^/]+)$/.exec(path);
  if (method === 'GET' && match) return hasMember(state, request, match[1] ?? '', match[2] ?? '');
  match = /^\/admin\/directory\/v1\/groups\/([^/]+)\/members(?:\/([^/]+))?$/.exec(path);
  if (match) return members(state, request, match[1] ?? '', match[2], pageLimit);
  return googleError('notFound', `No such Directory API method: ${method} ${path}`);
}
