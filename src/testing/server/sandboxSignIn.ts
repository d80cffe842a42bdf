import { API_PATHS, TOKEN_HEADER, XSRF_COOKIE } from '../../contract/api';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';

// A person signed in to a portal process on the sandbox, over HTTP as the SPA does it.

export interface SignedIn {
  cookie: string;
  xsrf: string;
  subscription: SubscriptionInfo;
}

/** Signs in through the sandbox's token endpoint and subscription-info, as the SPA does. */
export async function signInOverHttp(origin: string, email: string): Promise<SignedIn> {
  const issued = await fetch(`${origin}/sandbox/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login_hint: email,
      client_id: 'sandbox-client',
      scopes: SIGN_IN_SCOPES,
    }),
  });
  const { access_token: token } = (await issued.json()) as { access_token: string };
  const info = await fetch(
    `${origin}${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`,
    { headers: { [TOKEN_HEADER]: token } },
  );
  if (info.status !== 200) throw new Error(`Sign-in of ${email} answered ${info.status}`);
  const pairs = info.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = pairs
    .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))
    ?.slice(XSRF_COOKIE.length + 1);
  return {
    cookie: pairs.join('; '),
    xsrf: xsrf ?? '',
    subscription: (await info.json()) as SubscriptionInfo,
  };
}
