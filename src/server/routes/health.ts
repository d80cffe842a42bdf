import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contract/api';
import { healthSchema } from '../schemas/health';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(API_PATHS.health, { schema: healthSchema }, async () => ({ status: 'ok' as const }));
}
