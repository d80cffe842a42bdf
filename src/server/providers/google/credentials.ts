import { createKeylessSigner } from './keylessSigner';
import type { GoogleProviderOptions } from './options';
import { createServiceAccountTokens, GOOGLE_TOKEN_URL, keySigner } from './serviceAccount';

// The reseller admin's access tokens as the provider and `npm run google:check` both get them: one
// construction, so the preflight proves the credentials the portal itself uses (docs/google-setup.md).

/** The key file's signer, else keyless signing through the runtime's default credentials. */
function signerOf(options: GoogleProviderOptions) {
  if (options.serviceAccountKey !== undefined) return keySigner(options.serviceAccountKey);
  if (options.serviceAccountEmail === undefined) {
    throw new Error('the Google provider needs serviceAccountKey or serviceAccountEmail');
  }
  return createKeylessSigner({
    serviceAccountEmail: options.serviceAccountEmail,
    ...(options.apiRootUrl === undefined ? {} : { rootUrl: options.apiRootUrl }),
    ...(options.runtimeAccessToken === undefined
      ? {}
      : { runtimeAccessToken: options.runtimeAccessToken }),
  });
}

export function createResellerTokens(options: GoogleProviderOptions) {
  return createServiceAccountTokens({
    signer: signerOf(options),
    subject: options.resellerAdminEmail,
    tokenUrl: options.tokenUrl ?? GOOGLE_TOKEN_URL,
  });
}
