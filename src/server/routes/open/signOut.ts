import { API_PATHS } from '../../../contract/api';
import { signOutSchema } from '../../../contract/endpoints';
import { ApiError } from '../../apiError';
import { isSessionEnded } from '../../auth/guard';
import { readSession, endSession } from '../../auth/session';
import { checkXsrf } from '../../auth/xsrf';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';

const HTTP_NO_CONTENT = 204;

// Sign-out (docs/api.md, POST /api/sign-out): every session of the person ends on every instance;
// both cookies are cleared, with or without a live session, and when the store fails (503).
export async function signOutRoutes(app: ApiScope, { store, now }: RouteContext): Promise<void> {
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
      if (session !== null) {
        try {
          if (!(await isSessionEnded(store, session))) {
            // A live session is only ended by its own page: the XSRF token proves it (403, and
            // nothing is cleared, otherwise).
            checkXsrf(request, session.xsrf);
            await store.signOutPerson(session.email, at);
          }
        } catch (failure) {
          if (failure instanceof ApiError) throw failure;
          // The browser is signed out whatever the store did; the person can sign out again later.
          request.log.error({ err: failure }, 'sign-out not recorded');
          endSession(request, reply);
          throw new ApiError(503, SERVER_TEXT.signOutNotRecorded);
        }
      }
      endSession(request, reply);
      return reply.code(HTTP_NO_CONTENT).send();
    },
  );
}
