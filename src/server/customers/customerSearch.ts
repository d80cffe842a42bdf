import type { CustomerSortField, SortOrder } from '../../contract/customerList';
import type { ListedCustomer, Listing } from './customerListing';

// One page of the customers' list (docs/api.md, GET /api/reseller/customers): the customers whose
// primary domain starts with the query, in the asked order, from an offset.

export interface CustomerSearch {
  /** Lower case; '' matches every customer. */
  prefix: string;
  sort: CustomerSortField;
  order: SortOrder;
  offset: number;
  limit: number;
}

export interface CustomerPage {
  customers: ListedCustomer[];
  /** Customers matching the prefix. */
  total: number;
}

export function searchCustomers(listing: Listing, search: CustomerSearch): CustomerPage {
  const sorted = listing.sorted(search.sort, search.order);
  const matching =
    search.prefix === ''
      ? sorted
      : sorted.filter((customer) => customer.customerDomain.startsWith(search.prefix));
  return {
    customers: matching.slice(search.offset, search.offset + search.limit),
    total: matching.length,
  };
}
