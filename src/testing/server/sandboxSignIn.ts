import { API_PATHS, TOKEN_HEADER, XSRF_COOKIE } from '../../contract/api';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';

// A person signed in to a portal process on the sandbox, over HTTP as the SPA does it.

export interface SignedIn {
  cookie: string;
  xsrf: string;
  subscription: SubscriptionInfo;
}

/** The sandbox popup's token for `email`, from its token endpoint. */
async function sandboxToken(origin: string, email: string): Promise<string> {
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
  return token;
}

/** The session's cookie header and XSRF value from a sign-in's answer. */
function sessionOf(answer: Response): { cookie: string; xsrf: string } {
  const pairs = answer.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const xsrf = pairs
    .find((pair) => pair.startsWith(`${XSRF_COOKIE}=`))
    ?.slice(XSRF_COOKIE.length + 1);
  return { cookie: pairs.join('; '), xsrf: xsrf ?? '' };
}

/** Signs in through the sandbox's token endpoint and subscription-info, as the SPA does. */
export async function signInOverHttp(origin: string, email: string): Promise<SignedIn> {
  const token = await sandboxToken(origin, email);
  const info = await fetch(
    `${origin}${API_PATHS.subscriptionInfo}?email=${encodeURIComponent(email)}`,
    { headers: { [TOKEN_HEADER]: token } },
  );
  if (info.status !== 200) throw new Error(`Sign-in of ${email} answered ${info.status}`);
  return { ...sessionOf(info), subscription: (await info.json()) as SubscriptionInfo };
}

/** Signs a staff member in to the reseller console, as its sign-in screen does. */
export async function staffSignInOverHttp(
  origin: string,
  email: string,
): Promise<{ cookie: string; xsrf: string }> {
  const token = await sandboxToken(origin, email);
  const answer = await fetch(
    `${origin}${API_PATHS.staffSignIn}?email=${encodeURIComponent(email)}`,
    { headers: { [TOKEN_HEADER]: token } },
  );
  if (answer.status !== 200) throw new Error(`Staff sign-in of ${email} answered ${answer.status}`);
  return sessionOf(answer);
}
