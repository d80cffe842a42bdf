import { API_PATHS, type EmailValidatorResponse } from '../../../contract/api';
import { isValidHomeEmail } from '../../../contract/email';
import { emailValidatorSchema } from '../../../contract/endpoints';
import { invalidArgument } from '../../apiError';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';

export async function emailValidatorRoutes(
  app: ApiScope,
  { provider }: RouteContext,
): Promise<void> {
  app.get(
    API_PATHS.emailValidator,
    { schema: emailValidatorSchema },
    async (request): Promise<EmailValidatorResponse> => {
      const { email } = request.query;
      if (!isValidHomeEmail(email)) {
        throw invalidArgument(SERVER_TEXT.invalidHomeEmail);
      }
      return { isGoogleAccount: await provider.isGoogleAccount(email) };
    },
  );
}
