import { API_PATHS, TOKEN_HEADER } from '../../../contract/api';
import type { SignedInSession } from '../../events/portalEvents';
import type { Query } from '../../services/types';

/** The subscription fetch of docs/behaviour.md 4.2 and 4.9: the address in the query, the token in the
 * header (docs/api.md, GET /api/subscription-info), as the HTTP service's get takes them. */
export function subscriptionRequestFor({
  token,
  email,
}: SignedInSession): [path: string, query: Query, headers: Record<string, string>] {
  return [API_PATHS.subscriptionInfo, { email }, { [TOKEN_HEADER]: token }];
}
