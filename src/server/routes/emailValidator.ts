import type { FastifyInstance } from 'fastify';
import { API_PATHS, type EmailValidatorResponse } from '../../contract/api';
import { isValidHomeEmail } from '../../contract/email';
import { ApiError } from '../apiError';
import { SERVER_TEXT } from '../messages';
import { emailValidatorSchema } from '../schemas/emailValidator';
import type { RouteContext } from './context';

export async function emailValidatorRoutes(
  app: FastifyInstance,
  { provider }: RouteContext,
): Promise<void> {
  app.get<{ Querystring: { email: string } }>(
    API_PATHS.emailValidator,
    { schema: emailValidatorSchema },
    async (request): Promise<EmailValidatorResponse> => {
      const { email } = request.query;
      if (!isValidHomeEmail(email)) {
        throw new ApiError(400, 'INVALID_ARGUMENT', SERVER_TEXT.invalidHomeEmail);
      }
      return { isGoogleAccount: await provider.isGoogleAccount(email) };
    },
  );
}
