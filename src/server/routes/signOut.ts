import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../contract/api';
import { readSession, endSession } from '../auth/session';
import { checkXsrf } from '../auth/xsrf';
import { signOutSchema } from '../schemas/signOut';
import type { RouteContext } from './context';

const HTTP_NO_CONTENT = 204;

// Sign-out (docs/api.md, POST /api/sign-out): the session is revoked in the portal store until its
// own expiry, so a copied cookie stops working at once on every instance, and both cookies are
// cleared. Without a live session there is nothing to revoke: the cookies are cleared all the same.
export async function signOutRoutes(
  app: FastifyInstance,
  { store, now }: RouteContext,
): Promise<void> {
  app.post(
    API_PATHS.signOut,
    {
      schema: signOutSchema,
      // No body at all is the same as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const at = now();
      const session = readSession(request, at);
      if (session !== null && !(await store.isSessionRevoked(session.sid))) {
        // A live session is only ended by its own page: the XSRF token proves it (403 otherwise).
        checkXsrf(request, session.xsrf);
        await store.revokeSession(session.sid, session.exp, at);
      }
      endSession(request, reply);
      return reply.code(HTTP_NO_CONTENT).send();
    },
  );
}
