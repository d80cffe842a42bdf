import { API_PATHS } from '../../../contract/api';
import { healthSchema } from '../../../contract/endpoints';
import type { ApiScope } from '../context';

export async function healthRoutes(app: ApiScope): Promise<void> {
  app.get(API_PATHS.health, { schema: healthSchema }, async () => ({ status: 'ok' as const }));
}
