import { GoogleAuth } from 'google-auth-library';
import type { iamcredentials_v1 } from 'googleapis';
import { isJsonObject } from '../../../contract/json';
import { ServiceAccountError, type AssertionClaims, type AssertionSigner } from './serviceAccount';

// Keyless sign-in (docs/configuration-google.md, "Keyless credentials"): the runtime's application
// default credentials (the metadata server on Cloud Run, GKE or a VM) call the IAM Credentials API's
// signJwt as the reseller's service account, which signs with its Google-managed key; the assertion
// is then exchanged like one signed with a key file.

export const IAM_CREDENTIALS_ROOT_URL = 'https://iamcredentials.googleapis.com/';
/** signJwt accepts a token with the cloud-platform scope (the IAM Credentials reference). */
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

export interface KeylessSignerOptions {
  /** The service account that signs (GOOGLE_SERVICE_ACCOUNT_EMAIL). */
  serviceAccountEmail: string;
  /** Base URL of the IAM Credentials API; an emulator's in tests. */
  rootUrl?: string;
  /** The runtime's access token; default google-auth-library's application default credentials. */
  runtimeAccessToken?: () => Promise<string | null | undefined>;
}

/** signJwt's refusal, shaped like a gaxios error so readFailure reads Google's reason. */
function refusal(response: Response, data: unknown): Error {
  const error = isJsonObject(data) && isJsonObject(data.error) ? data.error : {};
  const message = typeof error.message === 'string' ? error.message : `HTTP ${response.status}`;
  return Object.assign(new Error(message), {
    response: { status: response.status, data, headers: response.headers },
  });
}

/** Rejects when the signal aborts, so a hung metadata server cannot outlast the call's limit. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

/** The runtime's token from application default credentials: the metadata server, in production. */
function applicationDefaultToken(): () => Promise<string | null | undefined> {
  const auth = new GoogleAuth({ scopes: [CLOUD_PLATFORM_SCOPE] });
  return () => auth.getAccessToken();
}

export function createKeylessSigner(options: KeylessSignerOptions): AssertionSigner {
  const runtimeAccessToken = options.runtimeAccessToken ?? applicationDefaultToken();
  const email = options.serviceAccountEmail;
  const url = `${options.rootUrl ?? IAM_CREDENTIALS_ROOT_URL}v1/projects/-/serviceAccounts/${encodeURIComponent(email)}:signJwt`;

  async function runtimeToken(signal: AbortSignal): Promise<string> {
    try {
      const token = await Promise.race([runtimeAccessToken(), untilAborted(signal)]);
      if (typeof token !== 'string' || token === '') throw new Error('no access token');
      return token;
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ServiceAccountError(error, 'credentials');
    }
  }

  return {
    email,
    async sign(claims: AssertionClaims, signal: AbortSignal): Promise<string> {
      const token = await runtimeToken(signal);
      const request: iamcredentials_v1.Schema$SignJwtRequest = { payload: JSON.stringify(claims) };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal,
        });
      } catch (error) {
        throw new ServiceAccountError(error, 'signJwt');
      }
      const data = (await response.json().catch(() => ({}))) as unknown;
      const signed = (isJsonObject(data) ? data : {}) as iamcredentials_v1.Schema$SignJwtResponse;
      if (!response.ok || typeof signed.signedJwt !== 'string') {
        throw new ServiceAccountError(refusal(response, data), 'signJwt');
      }
      return signed.signedJwt;
    },
  };
}
