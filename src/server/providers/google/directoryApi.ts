import type { admin_directory_v1 } from '@googleapis/admin';
import { API_PATHS } from '../../../contract/api';
import { domainOf } from '../../../contract/email';
import { ApiError, permissionDenied } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import type { Customer, DirectoryUser, UserPhoto } from '../provider';
import { readPhoto } from './directoryPhoto';
import {
  isAdminSdkAccessOff,
  isForbidden,
  readFailure,
  upstreamError,
  type GoogleFailure,
} from './googleFailure';
import type { GoogleProviderOptions } from './options';
import { GOOGLE_SCOPES, GOOGLE_SERVICES, type ResellerAdmin } from './resellerAdmin';
import type { TtlCache } from './ttlCache';

// People and domains through the Admin SDK Directory API, as the reseller: a person's directory
// entry and photo, and the domain probes that tell whose account a domain is in.

/** One user of a domain is enough to say whose domain it is (Directory users.list). */
const DOMAIN_PROBE_SIZE = 1;
/** users.list's largest page (Directory API reference); a customer has few administrators. */
const ADMINISTRATORS_PAGE_SIZE = 500;
/** A guard against a paging loop: far more administrators than any customer has. */
const ADMINISTRATORS_MAX_PAGES = 20;
/**
 * users.list's search (Directory API, Search for users; clauses separated by a space are ANDed): super
 * administrators whose account is neither suspended nor archived.
 */
const ADMINISTRATORS_QUERY = 'isAdmin=true isSuspended=false isArchived=false';

/** The local part asked for at a domain alias: an address no person holds, the same for everyone. */
const DOMAIN_PROBE_ADDRESS = 'portal-domain-probe';

export interface DirectoryApiOptions {
  directory: admin_directory_v1.Admin;
  admin: ResellerAdmin;
  cache: TtlCache;
  log: GoogleProviderOptions['log'];
  /** The reseller's customer a domain belongs to, if any: tells a refusal's reason. */
  findCustomer(domain: string): Promise<Customer | null>;
}

const cacheKeys = {
  domain: (domain: string) => `domain:${domain.toLowerCase()}`,
  aliasDomain: (domain: string) => `alias-domain:${domain.toLowerCase()}`,
};

function toDirectoryUser(user: admin_directory_v1.Schema$User, email: string): DirectoryUser {
  return {
    id: user.id ?? '',
    email: (user.primaryEmail ?? email).toLowerCase(),
    isAdmin: user.isAdmin === true,
    // Google's photo URLs are on hosts the portal's CSP does not allow; the portal serves it itself.
    thumbnailPhotoUrl: user.thumbnailPhotoUrl == null ? null : API_PATHS.photo,
    customerId: user.customerId ?? null,
    aliases: [...(user.aliases ?? []), ...(user.nonEditableAliases ?? [])].map((a) =>
      a.toLowerCase(),
    ),
  };
}

/** A suspended or archived account does not sign in, and loses access it had. */
function refuseInactive(user: admin_directory_v1.Schema$User, email: string): void {
  const address = (user.primaryEmail ?? email).toLowerCase();
  if (user.suspended === true) {
    throw permissionDenied(SERVER_TEXT.directoryUserSuspended(address));
  }
  if (user.archived === true) {
    throw permissionDenied(SERVER_TEXT.directoryUserArchived(address));
  }
}

export function createDirectoryApi(options: DirectoryApiOptions) {
  const { directory, admin, cache } = options;
  const users = GOOGLE_SCOPES.directoryUsers;
  const service = GOOGLE_SERVICES.directory;

  /**
   * Whether a domain is in the account of one of the reseller's customers (primary or secondary),
   * and whose: Directory users.list of the domain, one user at most, as the reseller (cached).
   * Only the domain goes to Google and the answer is the same for every address at it, so it never
   * tells which people exist (docs/security.md). null when the reseller may not read the domain
   * (forbidden), Google knows no such domain, or it has no user; customerId is undefined when the
   * customer has turned the reseller's Admin SDK access off.
   */
  function domainOwner(domain: string): Promise<{ customerId: string | undefined } | null> {
    return cache.get(cacheKeys.domain(domain), async () => {
      try {
        const { data } = await admin.readAsReseller(users, (auth) =>
          directory.users.list(
            { domain, maxResults: DOMAIN_PROBE_SIZE, projection: 'basic', viewType: 'admin_view' },
            auth,
          ),
        );
        const customerId = data.users?.[0]?.customerId;
        return typeof customerId === 'string' ? { customerId } : null;
      } catch (error) {
        const failure = readFailure(error);
        if (isAdminSdkAccessOff(failure)) return { customerId: undefined };
        // Google answers 404 "Domain not found." for a domain it does not know, 400 for a malformed one.
        if (failure.status === 404 || failure.status === 400 || isForbidden(failure)) return null;
        throw upstreamError(failure, service);
      }
    });
  }

  /**
   * Whether a domain alias of one of the reseller's customers is this domain, which users.list does
   * not know: users.get of a fixed address no person holds, as the reseller. Google resolves the
   * domain to its account first, so 404 (no such user) means a customer's domain and 403 forbidden a
   * domain the reseller does not manage. The address never depends on who asked (docs/security.md).
   * true when it is a customer's (cached), null otherwise (never kept).
   */
  function isCustomerAliasDomain(domain: string): Promise<true | null> {
    return cache.get(cacheKeys.aliasDomain(domain), async () => {
      try {
        await admin.readAsReseller(users, (auth) =>
          directory.users.get(
            { userKey: `${DOMAIN_PROBE_ADDRESS}@${domain}`, projection: 'basic' },
            auth,
          ),
        );
        return true;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404 || isAdminSdkAccessOff(failure)) return true;
        if (failure.status === 400 || isForbidden(failure)) return null;
        throw upstreamError(failure, service);
      }
    });
  }

  /** Why the reseller could not read this person's directory entry, as the contract's 403. */
  async function directoryRefusal(failure: GoogleFailure, email: string): Promise<ApiError | null> {
    const domain = domainOf(email);
    if (isAdminSdkAccessOff(failure)) {
      return permissionDenied(SERVER_TEXT.adminSdkAccessOff(domain));
    }
    if (!isForbidden(failure)) return null;
    // forbidden means either "not your customer" or "the customer turned reseller access off".
    const customer = await options.findCustomer(domain);
    return customer === null ? null : permissionDenied(SERVER_TEXT.resellerAccessOff(domain));
  }

  /** The directory entry read as the reseller: null when absent or in an account not ours. */
  async function lookupAsReseller(email: string): Promise<admin_directory_v1.Schema$User | null> {
    try {
      const { data } = await admin.readAsReseller(users, (auth) =>
        directory.users.get({ userKey: email, projection: 'basic', viewType: 'admin_view' }, auth),
      );
      return data;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const failure = readFailure(error);
      if (failure.status === 404) return null;
      const refusal = await directoryRefusal(failure, email);
      if (refusal !== null) throw refusal;
      if (isForbidden(failure)) return null;
      throw upstreamError(failure, service);
    }
  }

  return {
    domainOwner,
    isCustomerAliasDomain,

    async lookupDirectoryUser(email: string): Promise<DirectoryUser | null> {
      const entry = await lookupAsReseller(email);
      if (entry === null) return null;
      refuseInactive(entry, email);
      return toDirectoryUser(entry, email);
    },

    /** users.list of the customer with the search above, every page, as the reseller (uncached). */
    async listAdministrators(customerId: string): Promise<string[]> {
      const administrators: string[] = [];
      let pageToken: string | undefined;
      try {
        for (let page = 0; page < ADMINISTRATORS_MAX_PAGES; page += 1) {
          const { data } = await admin.readAsReseller(users, (auth) =>
            directory.users.list(
              {
                customer: customerId,
                query: ADMINISTRATORS_QUERY,
                maxResults: ADMINISTRATORS_PAGE_SIZE,
                projection: 'basic',
                viewType: 'admin_view',
                ...(pageToken === undefined ? {} : { pageToken }),
              },
              auth,
            ),
          );
          for (const user of data.users ?? []) {
            // Google's search index may lag behind a change of role or state by hours: checked again.
            if (user.isAdmin === true && user.suspended !== true && user.archived !== true) {
              if (typeof user.primaryEmail === 'string') {
                administrators.push(user.primaryEmail.toLowerCase());
              }
            }
          }
          pageToken = data.nextPageToken ?? undefined;
          if (pageToken === undefined) break;
        }
      } catch (error) {
        throw upstreamError(readFailure(error), service);
      }
      return administrators.sort();
    },

    /** Directory members.hasMember as the reseller: nested membership counts, an unknown member is none. */
    async isGroupMember(group: string, email: string): Promise<boolean> {
      try {
        const { data } = await admin.readAsReseller(GOOGLE_SCOPES.groupMembers, (auth) =>
          directory.members.hasMember({ groupKey: group, memberKey: email }, auth),
        );
        return data.isMember === true;
      } catch (error) {
        if (error instanceof ApiError) throw error;
        const failure = readFailure(error);
        // Google answers 404 naming the key it does not know: the member's or the group's.
        if (failure.status === 404 && /memberKey/i.test(failure.message)) return false;
        if (failure.status === 404) throw new ApiError(502, SERVER_TEXT.staffGroupMissing(group));
        throw upstreamError(failure, service);
      }
    },

    async getUserPhoto(email: string): Promise<UserPhoto | null> {
      try {
        const { data } = await admin.readAsReseller(users, (auth) =>
          directory.users.photos.get({ userKey: email }, auth),
        );
        const photo = readPhoto(data);
        if ('unreadable' in photo) {
          // The person sees the silhouette; the log says why (docs/api.md, GET /api/photo).
          options.log?.warn(
            { email, mimeType: data.mimeType, why: photo.unreadable },
            'photo unreadable',
          );
          return null;
        }
        return photo;
      } catch (error) {
        const failure = readFailure(error);
        if (failure.status === 404) return null;
        throw upstreamError(failure, service);
      }
    },
  };
}
