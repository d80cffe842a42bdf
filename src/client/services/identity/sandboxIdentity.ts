import { isJsonObject } from '../../../contract/json';
import type { IdentityFailure, IdentityService, IdentityToken } from '../types';

// Sandbox identity (README.md, Demo accounts (sandbox)): a popup at the embedded provider that posts its answer to the opener.
export const DEFAULT_SANDBOX_AUTHORIZE_URL = '/sandbox/oauth/authorize';
const POPUP_NAME = 'portal-sandbox-identity';
const POPUP_FEATURES = 'popup,width=480,height=640';
/** How often we look whether the person closed the popup without answering. */
export const POPUP_CLOSED_POLL_MS = 500;

export interface SandboxIdentityOptions {
  clientId: string;
  authorizeUrl?: string;
  /** The browser window; tests hand in their own. */
  window?: Window;
}

function asToken(data: Record<string, unknown>): IdentityToken | null {
  const { access_token, expires_in, scope, token_type } = data;
  if (typeof access_token !== 'string' || access_token.length === 0) return null;
  if (token_type !== 'Bearer') return null;
  return {
    accessToken: access_token,
    expiresIn: Number(expires_in),
    scope: typeof scope === 'string' ? scope : '',
  };
}

export function createSandboxIdentity(options: SandboxIdentityOptions): IdentityService {
  const win = options.window ?? window;
  const authorizeUrl = options.authorizeUrl ?? DEFAULT_SANDBOX_AUTHORIZE_URL;

  return {
    requestToken(hint, scopes) {
      return new Promise<IdentityToken>((resolve, reject) => {
        const origin = win.location.origin;
        // The popup answers from its own origin: the portal's, or a test emulator's (GOOGLE_SIGN_IN_POPUP_URL).
        const popupOrigin = new URL(authorizeUrl, origin).origin;
        const query = new URLSearchParams({
          client_id: options.clientId,
          scope: scopes.join(' '),
          login_hint: hint,
          origin,
        });
        const popup = win.open(`${authorizeUrl}?${query.toString()}`, POPUP_NAME, POPUP_FEATURES);
        const popupClosed: IdentityFailure = { error: 'popup_closed' };
        if (!popup) {
          reject(popupClosed);
          return;
        }

        const finish = () => {
          win.removeEventListener('message', onMessage);
          win.clearInterval(poll);
        };
        const onMessage = (event: MessageEvent) => {
          // Only the popup page we opened may answer.
          if (event.origin !== popupOrigin || !isJsonObject(event.data)) return;
          const data = event.data;
          if (typeof data.error === 'string') {
            finish();
            const failure: IdentityFailure = { error: data.error };
            if (typeof data.error_description === 'string') {
              failure.description = data.error_description;
            }
            reject(failure);
            return;
          }
          const token = asToken(data);
          if (!token) return;
          finish();
          resolve(token);
        };
        // The popup posts its answer and closes at once, so a poll can see it closed before the
        // answer's message is handled: only a popup still closed one poll later went unanswered.
        let seenClosed = false;
        const poll = win.setInterval(() => {
          if (!popup.closed) return;
          if (!seenClosed) {
            seenClosed = true;
            return;
          }
          finish();
          reject(popupClosed);
        }, POPUP_CLOSED_POLL_MS);
        win.addEventListener('message', onMessage);
      });
    },
    // The sandbox keeps no grant to withdraw: its tokens only sign in to this portal, and sign-out
    // ends the portal's session on the server (docs/api.md, POST /api/sign-out).
    revoke: () => Promise.resolve(),
  };
}
