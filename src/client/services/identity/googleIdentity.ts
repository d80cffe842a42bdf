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
  hint: string;
  callback: (response: GoogleTokenResponse) => void;
  error_callback: (error: { type?: string; message?: string }) => void;
}

interface GoogleTokenClient {
  requestAccessToken(): void;
}

export interface GoogleAccountsApi {
  accounts: { oauth2: { initTokenClient(config: GoogleTokenClientConfig): GoogleTokenClient } };
}

type WindowWithGoogle = Window & { google?: GoogleAccountsApi };

let loading: Promise<GoogleAccountsApi> | null = null;

/** Loads the GIS script once, on the first sign-in, so the home page does not pay for it. */
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
      if (loaded) resolve(loaded);
      else reject({ error: 'script_load_failed', description: 'google.accounts is missing' });
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
  return {
    async requestToken(hint, scopes) {
      const google = await loadGoogleAccounts();
      return new Promise<IdentityToken>((resolve, reject) => {
        const client = google.accounts.oauth2.initTokenClient({
          client_id: clientId,
          scope: scopes.join(' '),
          hint,
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
  };
}
