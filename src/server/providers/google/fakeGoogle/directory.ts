import type { FakeState, FakeUser } from './dataset';
import { customerOfDomain, findUser, RESELLER_DOMAIN } from './dataset';
import { googleError, type FakeAnswer } from './googleErrors';
import type { FakeToken } from './oauth';

// The Admin SDK Directory API (admin/directory/v1) as its reference documents it: users.get with the
// admin and domain_public views, users.list of a domain, users.photos.get, and group members with
// nextPageToken. A reseller reaches a customer's users only while the customer allows it. Test-only.

export const DIRECTORY_USER_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.user.readonly',
  'https://www.googleapis.com/auth/admin.directory.user',
];
export const GROUP_MEMBER_SCOPES = [
  'https://www.googleapis.com/auth/admin.directory.group.member',
  'https://www.googleapis.com/auth/admin.directory.group',
];
/** Google's limit is 200 per page; the fake pages by 2 so every caller's paging is exercised. */
export const FAKE_MEMBER_PAGE_SIZE = 2;
const MAX_MEMBERS_PAGE = 200;
/** users.list: maxResults is 1 to 500, 100 when not given (the reference). */
const MAX_USERS_PAGE = 500;
const DEFAULT_USERS_PAGE = 100;

export interface DirectoryRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  holder: FakeToken | undefined;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

function photoUrl(user: FakeUser): string {
  return `https://lh3.googleusercontent.com/a-/fake-${user.id}=s96-c`;
}

/** Schema$User in the admin view, or the fields of the domain-wide public view. */
function toGoogleUser(user: FakeUser, adminView: boolean) {
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
    creationTime: '2024-01-15T09:00:00.000Z',
  };
}

/** Why the reseller may not read this customer's directory, or undefined when it may. */
function resellerRefusal(state: FakeState, domain: string): FakeAnswer | undefined {
  const customer = customerOfDomain(state, domain);
  if (domain === RESELLER_DOMAIN) return undefined;
  if (customer === undefined || !customer.own || !customer.resellerAccess) {
    return googleError('forbidden');
  }
  if (!customer.adminSdkAccess) return googleError('domainCannotUseApis');
  return undefined;
}

function getUser(state: FakeState, request: DirectoryRequest, key: string): FakeAnswer {
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
    return { status: 200, body: toGoogleUser(user, true) };
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
  return { status: 200, body: toGoogleUser(user, viewType === 'admin_view') };
}

/**
 * users.list of one domain (or one customer): 400 with neither, 404 "Domain not found." for a domain
 * Google does not know, 403 where the caller may not read it; a domain without users lists none.
 */
function listUsers(state: FakeState, request: DirectoryRequest, pageLimit: number): FakeAnswer {
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
  const listed = state.users.filter((u) =>
    domain === undefined
      ? u.customerId === account?.customerId
      : domainOf(u.primaryEmail) === domain,
  );
  const pageSize = Math.min(requested, pageLimit);
  const start = Number(query.get('pageToken') ?? '0');
  if (!Number.isInteger(start) || start < 0 || start > listed.length) {
    return googleError('invalid', 'Invalid page token.');
  }
  const next = start + pageSize < listed.length ? String(start + pageSize) : undefined;
  const page = listed.slice(start, start + pageSize);
  return {
    status: 200,
    body: {
      kind: 'admin#directory#users',
      etag: `"users-${domain ?? customerKey ?? ''}"`,
      ...(page.length === 0
        ? {}
        : { users: page.map((u) => toGoogleUser(u, viewType === 'admin_view')) }),
      ...(next === undefined ? {} : { nextPageToken: next }),
    },
  };
}

/** users.photos.get: web-safe base64 as the reference describes it (- _ * and . for + / =). */
function getPhoto(state: FakeState, request: DirectoryRequest, key: string): FakeAnswer {
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

function members(
  state: FakeState,
  request: DirectoryRequest,
  groupKey: string,
  memberKey: string | undefined,
  pageLimit: number,
) {
  const { method, holder, query, body } = request;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUP_MEMBER_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const group = state.groups.get(groupKey.toLowerCase());
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
    const start = Number(query.get('pageToken') ?? '0');
    if (!Number.isInteger(start) || start < 0 || start > group.length) {
      return googleError('invalid', 'Invalid page token.');
    }
    const next = start + pageSize < group.length ? String(start + pageSize) : undefined;
    return {
      status: 200,
      body: {
        kind: 'admin#directory#members',
        etag: `"members-${groupKey}"`,
        ...(group.length === 0
          ? {}
          : { members: group.slice(start, start + pageSize).map(toMember) }),
        ...(next === undefined ? {} : { nextPageToken: next }),
      },
    };
  }
  if (memberKey === undefined && method === 'POST') {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const email = typeof fields.email === 'string' ? fields.email.trim().toLowerCase() : '';
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      return googleError('invalid', 'Invalid Input: memberKey');
    }
    if (group.includes(email)) return googleError('duplicate', 'Member already exists.');
    group.push(email);
    return { status: 200, body: toMember(email) };
  }
  if (memberKey !== undefined) {
    const wanted = memberKey.toLowerCase();
    const index = group.findIndex((email) => email === wanted || toMember(email).id === memberKey);
    if (index < 0) return googleError('notFound', 'Resource Not Found: memberKey');
    if (method === 'GET') return { status: 200, body: toMember(group[index] ?? '') };
    if (method === 'DELETE') {
      group.splice(index, 1);
      return { status: 204 };
    }
  }
  return googleError('notFound', `No such Directory API method: ${method}`);
}

export function handleDirectory(
  state: FakeState,
  request: DirectoryRequest,
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
  match = /^\/admin\/directory\/v1\/groups\/([^/]+)\/members(?:\/([^/]+))?$/.exec(path);
  if (match) return members(state, request, match[1] ?? '', match[2], pageLimit);
  return googleError('notFound', `No such Directory API method: ${method} ${path}`);
}
