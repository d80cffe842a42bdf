import { DIRECTORY_SCOPE } from '../../../contract/limits';
import { READINESS_TIMEOUT_MS } from '../../readiness';
import { UpstreamError } from '../../upstreamError';
import { createResellerTokens } from './credentials';
import { callLimits, signalOf, withReadRetries, type CallLimits } from './googleCalls';
import { readFailure, upstreamError } from './googleFailure';
import type { ResellerAuth } from './googleRest';
import type { GoogleProviderOptions } from './options';

// Calls as the reseller admin (docs/configuration-google.md, "What Google must allow"): the service
// account's token for the narrowest scope that works, renewed once when Google no longer accepts it.

export const GOOGLE_SCOPES = {
  resellerOrders: 'https://www.googleapis.com/auth/apps.order',
  directoryUsers: DIRECTORY_SCOPE,
  groupMembers: 'https://www.googleapis.com/auth/admin.directory.group.member',
} as const;

/** How each Google service is named in the portal's messages. */
export const GOOGLE_SERVICES = {
  identity: "Google's token service",
  directory: "Google's Directory API",
  reseller: "Google's Reseller API",
} as const;

export function createResellerAdmin(options: GoogleProviderOptions, callTimeoutMs: number) {
  const serviceAccount = createResellerTokens(options);

  /** One call as the reseller admin; a token Google no longer accepts is exchanged once more. */
  async function asReseller<T>(
    scope: string,
    call: (auth: ResellerAuth) => Promise<T>,
    limits: () => CallLimits = () => callLimits(callTimeoutMs),
  ) {
    for (let renewed = false; ; renewed = true) {
      const token = await serviceAccount.accessToken([scope], signalOf(callLimits(callTimeoutMs)));
      try {
        return await call({
          ...limits(),
          retry: false,
          headers: { authorization: `Bearer ${token}` },
        });
      } catch (error) {
        if (renewed || readFailure(error).status !== 401) throw error;
        serviceAccount.forget([scope]);
      }
    }
  }

  return {
    asReseller,

    /** A read as the reseller admin, tried again after transient failures. */
    readAsReseller: <T>(scope: string, call: (auth: ResellerAuth) => Promise<T>) =>
      withReadRetries(() => asReseller(scope, call)),

    /** Starts the service account's token exchanges that are not done yet; failures surface later. */
    prepare(): void {
      for (const scope of Object.values(GOOGLE_SCOPES)) {
        let limits: CallLimits;
        try {
          limits = callLimits(callTimeoutMs);
        } catch {
          return;
        }
        serviceAccount.accessToken([scope], signalOf(limits)).catch(() => undefined);
      }
    },

    /** The cached token costs no Google call; a new one is one exchange (docs/api.md, GET /api/ready). */
    async checkReady(): Promise<void> {
      try {
        const limits = callLimits(Math.min(callTimeoutMs, READINESS_TIMEOUT_MS));
        await serviceAccount.accessToken([GOOGLE_SCOPES.resellerOrders], signalOf(limits));
      } catch (error) {
        const failure = readFailure(error);
        const refused = upstreamError(failure, GOOGLE_SERVICES.identity);
        throw new UpstreamError(503, refused.message, { ...failure });
      }
    },

    clear(): void {
      serviceAccount.clear();
    },
  };
}

export type ResellerAdmin = ReturnType<typeof createResellerAdmin>;
