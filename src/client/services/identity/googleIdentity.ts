import type { IdentityFailure, IdentityService, IdentityToken } from '../types';

// Production identity: the Google Identity Services token client (a popup with the e-mail as hint).
export const GSI_CLIENT_URL = 'https://accounts.google.com/gsi/client';

interface GoogleTokenResponse {
  access_token?: string;
  expires_in?: number | string;
  scope?: string;
  error?: string;
  error_description?: string;
}

interface GoogleTokenClientConfig {
  client_id: string;
  scope: string;
  /** The e-mail as the account hint (GIS's current name; `hint` is its deprecated alias). */
  login_hint: string;
  callback: (response: GoogleTokenResponse) => void;
  error_callback: (error: { type?: string; message?: string }) => void;
}

interface GoogleTokenClient {
  requestAccessToken(): void;
}

/** What google.accounts.oauth2.revoke hands its callback. */
interface GoogleRevocationResponse {
  successful: boolean;
  error?: string;
  error_description?: string;
}

export interface GoogleAccountsApi {
  accounts: {
    oauth2: {
      initTokenClient(config: GoogleTokenClientConfig): GoogleTokenClient;
      revoke(accessToken: string, done?: (response: GoogleRevocationResponse) => void): void;
    };
  };
}

/** Sign-out never waits longer than this for Google to confirm the revocation. */
export const REVOKE_TIMEOUT_MS = 5_000;

type WindowWithGoogle = Window & { google?: GoogleAccountsApi };

let loading: Promise<GoogleAccountsApi> | null = null;

/** Loads the GIS script once; a failed load is tried again on the next call. */
function loadGoogleAccounts(): Promise<GoogleAccountsApi> {
  const present = (window as WindowWithGoogle).google;
  if (present) return Promise.resolve(present);
  if (loading) return loading;
  loading = new Promise<GoogleAccountsApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_CLIENT_URL;
    script.async = true;
    script.onload = () => {
      const loaded = (window as WindowWithGoogle).google;
      if (loaded) {
        resolve(loaded);
        return;
      }
      loading = null;
      const failure: IdentityFailure = {
        error: 'script_load_failed',
        description: 'google.accounts is missing',
      };
      reject(failure);
    };
    script.onerror = () => {
      loading = null;
      const failure: IdentityFailure = {
        error: 'script_load_failed',
        description: `Could not load ${GSI_CLIENT_URL}`,
      };
      reject(failure);
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function createGoogleIdentity(clientId: string): IdentityService {
  // Loaded as the portal starts, not on the click: the popup must open while the click still counts
  // as a user gesture, and a script fetched after it can be too late for the popup blocker.
  loadGoogleAccounts().catch(() => undefined);
  return {
    async requestToken(hint, scopes) {
      const google = await loadGoogleAccounts();
      return new Promise<IdentityToken>((resolve, reject) => {
        const client = google.accounts.oauth2.initTokenClient({
          client_id: clientId,
          scope: scopes.join(' '),
          login_hint: hint,
          callback: (response) => {
            if (response.error || !response.access_token) {
              const failure: IdentityFailure = {
                error: response.error ?? 'no_access_token',
                description: response.error_description,
              };
              reject(failure);
              return;
            }
            resolve({
              accessToken: response.access_token,
              expiresIn: Number(response.expires_in),
              scope: response.scope ?? '',
            });
          },
          error_callback: (error) => {
            const failure: IdentityFailure = {
              error: error.type ?? 'unknown',
              description: error.message,
            };
            reject(failure);
          },
        });
        client.requestAccessToken();
      });
    },
    async revoke(token) {
      const google = await loadGoogleAccounts();
      await new Promise<void>((resolve, reject) => {
        // Google's answer goes to the callback; without one in time, sign-out goes on regardless.
        const timer = setTimeout(() => {
          const failure: IdentityFailure = {
            error: 'revoke_timeout',
            description: `No answer from Google within ${REVOKE_TIMEOUT_MS} ms`,
          };
          reject(failure);
        }, REVOKE_TIMEOUT_MS);
        google.accounts.oauth2.revoke(token, (response) => {
          clearTimeout(timer);
          if (response.successful) {
            resolve();
            return;
          }
          const failure: IdentityFailure = {
            error: response.error ?? 'revoke_failed',
            description: response.error_description,
          };
          reject(failure);
        });
      });
    },
  };
}
