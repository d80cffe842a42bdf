import { API_PATHS } from '../../../contract/api';
import {
  CUSTOMER_PAGE_DEFAULT,
  CUSTOMER_PAGE_MAX,
  type CustomerListPage,
  type CustomerListQuery,
  type CustomerRow,
} from '../../../contract/customerList';
import { customerListSchema } from '../../../contract/endpoints';
import { invalidArgument } from '../../apiError';
import type { ListedCustomer } from '../../customers/customerListing';
import { createCustomerListing } from '../../customers/customerListing';
import { searchCustomers, type CustomerSearch } from '../../customers/customerSearch';
import { createPageTokens, type PageTokens } from '../../customers/pageTokens';
import { SERVER_TEXT } from '../../messages';
import type { PortalSettings } from '../../settings/portalSettings';
import type { ApiScope, ConsoleRouteContext } from '../context';
import { pageSize } from '../pageSize';

/** A domain's start as a person types it: letters, digits, dots and hyphens (IDNs in their xn-- form). */
const DOMAIN_PREFIX = /^[a-z0-9.-]*$/;

function prefixOf(raw: string | undefined): string {
  const prefix = (raw ?? '').trim().toLowerCase();
  if (!DOMAIN_PREFIX.test(prefix)) throw invalidArgument(SERVER_TEXT.invalidCustomersQuery);
  return prefix;
}

/** The search a request asks for: its token's, which the other fields may repeat but not change. */
function searchOf(query: CustomerListQuery, tokens: PageTokens): CustomerSearch {
  const asked = {
    prefix: prefixOf(query.query),
    sort: query.sort ?? 'domain',
    order: query.order ?? 'asc',
    limit: pageSize(query.limit, { default: CUSTOMER_PAGE_DEFAULT, max: CUSTOMER_PAGE_MAX }),
  };
  if (query.pageToken === undefined) return { ...asked, offset: 0 };
  const search = tokens.decode(query.pageToken);
  if (search === null) throw invalidArgument(SERVER_TEXT.invalidCustomersPageToken);
  const changed =
    (query.query !== undefined && asked.prefix !== search.prefix) ||
    (query.sort !== undefined && asked.sort !== search.sort) ||
    (query.order !== undefined && asked.order !== search.order) ||
    (query.limit !== undefined && asked.limit !== search.limit);
  if (changed) throw invalidArgument(SERVER_TEXT.customersPageTokenOfAnotherSearch);
  return search;
}

function toCustomerRow(customer: ListedCustomer, settings: PortalSettings): CustomerRow {
  const { portalEnabled, seatCap, approvalAbove } = settings.ownSettingsOf(customer.customerId);
  return {
    ...customer,
    settings: { portalEnabled, seatCap, approvalAbove },
    effective: settings.effectiveSettingsOf(customer.customerId),
  };
}

// The reseller's customers (docs/api.md, GET /api/reseller/customers): every customer with a Workspace
// subscription, from one listing of Google's kept briefly (docs/reseller-console.md), searched by
// domain prefix, sorted and paged here; the settings are this instance's, read at each request.
export async function customerListRoutes(
  app: ApiScope,
  { provider, now, settings, pageTokenSecret }: ConsoleRouteContext,
): Promise<void> {
  const listing = createCustomerListing({ provider, now });
  const tokens = createPageTokens(pageTokenSecret);

  app.get(
    API_PATHS.customerList,
    { schema: customerListSchema },
    async (request): Promise<CustomerListPage> => {
      const search = searchOf(request.query, tokens);
      const current = await listing.current();
      const page = searchCustomers(current, search);
      const next = search.offset + search.limit;
      return {
        customers: page.customers.map((customer) => toCustomerRow(customer, settings)),
        total: page.total,
        offset: search.offset,
        nextPageToken: next < page.total ? tokens.encode({ ...search, offset: next }) : null,
        previousPageToken:
          search.offset > 0
            ? tokens.encode({ ...search, offset: Math.max(0, search.offset - search.limit) })
            : null,
        listedAt: new Date(current.listedAt).toISOString(),
      };
    },
  );
}
