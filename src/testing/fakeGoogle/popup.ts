import { escapeHtml } from '../../contract/html';
import { authorizeErrorPage, authorizePage, type SignInLook } from '../../server/sandbox/pages';

// The fake's own sign-in popup, so a person can click through google mode in a browser: the sandbox
// popup's page (src/server/sandbox/pages.ts) and script (assets.ts), answering the opener's origin as
// Google Identity Services does. Test-only.

export const POPUP_PATHS = {
  page: '/o/oauth2/auth',
  script: '/o/oauth2/popup.js',
  token: '/o/oauth2/popup/token',
} as const;

const FAKE_GOOGLE_LOOK: SignInLook = {
  name: 'Fake Google',
  brand: 'Fake Google (for testing google mode)',
};

/** The sandbox popup's page, answering the opener's origin as Google Identity Services does. */
export function popupPage(options: {
  clientId: string;
  loginHint: string;
  scopes: readonly string[];
  origin: string;
}): string {
  return authorizePage(
    {
      ...options,
      tokenUrl: POPUP_PATHS.token,
      scriptUrl: POPUP_PATHS.script,
      postsTo: options.origin,
    },
    FAKE_GOOGLE_LOOK,
  );
}

export function popupErrorPage(problem: string): string {
  return authorizeErrorPage(problem, FAKE_GOOGLE_LOOK);
}

/** The external destinations google mode needs (CONTACT_URL, …), as plain stand-in pages. */
export const STAND_IN_PAGES: Readonly<Record<string, string>> = {
  contact: "Contact the provider (the reseller's contact page, stood in by the fake Google)",
  helpdesk: 'Help-desk portal (stood in by the fake Google)',
  'support-site': 'Support site (stood in by the fake Google)',
};

export function standInPage(name: string): string | undefined {
  const heading = STAND_IN_PAGES[name];
  if (heading === undefined) return undefined;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 2rem auto"><h1>${escapeHtml(heading)}</h1>
<p>In production this is one of the reseller's own pages.</p></body></html>
`;
}
