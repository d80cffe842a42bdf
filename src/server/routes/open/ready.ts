import { API_PATHS } from '../../../contract/api';
import { readySchema } from '../../../contract/endpoints';
import { checkReadiness } from '../../readiness';
import type { ApiScope, RouteContext } from '../context';

// The load balancer's readiness check; /api/health stays the liveness check (docs/api.md).
export async function readyRoutes(app: ApiScope, { store, provider }: RouteContext): Promise<void> {
  app.get(API_PATHS.ready, { schema: readySchema }, async (request) => {
    await checkReadiness(store, provider, request.log);
    return { status: 'ready' as const };
  });
}
