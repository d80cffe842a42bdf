import { escapeHtml } from '../../contract/html';
import type { KeptMail } from '../providers/sandbox/mailbox';
import { SANDBOX_ASSET_PATH } from './assets';

// HTML of the sandbox pages. Every interpolated value goes through escapeHtml: the popup shows text
// taken from its query string.

interface LayoutOptions {
  title: string;
  body: string;
  script?: string;
  wide?: boolean;
  /** The small line above the heading that says which sandbox part this is. */
  brand: string;
  /** The stylesheet's URL; none where the sandbox's assets are not served (the fake Google). */
  stylesheet?: string;
}

/** Who shows a sign-in popup: the sandbox's identity provider, or an emulator of Google's. */
export interface SignInLook {
  /** Ends the page's title: 'Sign in - <name>'. */
  name: string;
  brand: string;
  stylesheet?: string;
}

const SANDBOX_STYLESHEET = `${SANDBOX_ASSET_PATH}sandbox.css`;
const SANDBOX_IDENTITY: SignInLook = {
  name: 'Sandbox identity',
  brand: 'Sandbox identity provider',
  stylesheet: SANDBOX_STYLESHEET,
};
const STAND_IN_BRAND = 'Sandbox stand-in page';

function layout({ title, body, script, wide, brand, stylesheet }: LayoutOptions): string {
  const scriptTag =
    script === undefined ? '' : `\n<script src="${escapeHtml(script)}" defer></script>`;
  const stylesheetTag =
    stylesheet === undefined ? '' : `\n<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>${stylesheetTag}${scriptTag}
</head>
<body>
<main${wide === true ? ' class="wide"' : ''}>
<p class="brand">${brand}</p>
${body}
</main>
</body>
</html>
`;
}

export interface AuthorizePageOptions {
  clientId: string;
  loginHint: string;
  scopes: readonly string[];
  /** The opener's origin as it announced itself; shown only, never posted to. */
  origin: string;
  tokenUrl: string;
  scriptUrl: string;
  /** Where the popup's script posts its answer, as Google's does; absent: its own origin only. */
  postsTo?: string;
}

export function authorizePage(
  options: AuthorizePageOptions,
  look: SignInLook = SANDBOX_IDENTITY,
): string {
  const scopes = options.scopes
    .map(
      (scope, index) => `<div class="scope">
<input type="checkbox" id="scope-${index}" name="scope" value="${escapeHtml(scope)}" checked>
<label for="scope-${index}">${escapeHtml(scope)}</label>
</div>`,
    )
    .join('\n');
  const postsTo =
    options.postsTo === undefined ? '' : ` data-origin="${escapeHtml(options.postsTo)}"`;
  return layout({
    title: `Sign in - ${look.name}`,
    brand: look.brand,
    stylesheet: look.stylesheet,
    script: options.scriptUrl,
    body: `<h1>Sign in to the portal</h1>
<p class="account">Account: <strong id="account">${escapeHtml(options.loginHint)}</strong></p>
<form id="consent"${postsTo} data-login-hint="${escapeHtml(options.loginHint)}" data-client-id="${escapeHtml(options.clientId)}" data-token-url="${escapeHtml(options.tokenUrl)}">
<fieldset>
<legend>Allow the portal to use:</legend>
${scopes}
</fieldset>
<p class="requested-by">Requested by ${escapeHtml(options.origin)}</p>
<div class="actions">
<button type="button" id="cancel">Cancel</button>
<button type="submit" id="allow" class="primary">Allow</button>
</div>
<p id="status" class="status" role="status" aria-live="polite"></p>
</form>`,
  });
}

/** A readable page for a request the popup cannot serve (unknown account, bad parameter). */
export function authorizeErrorPage(problem: string, look: SignInLook = SANDBOX_IDENTITY): string {
  return layout({
    title: `Sign-in error - ${look.name}`,
    brand: look.brand,
    stylesheet: look.stylesheet,
    body: `<h1>Sign-in cannot continue</h1>
<p class="error" role="alert">${escapeHtml(problem)}</p>
<p>Close this window and try again from the portal's home page.</p>`,
  });
}

export interface StandInPageOptions {
  /** Names what the page stands for, so people and browser tests recognise it. */
  heading: string;
  paragraphs: readonly string[];
}

/** The sandbox's stand-ins for the external destinations (README.md, Demo accounts (sandbox)). */
export function standInPage({ heading, paragraphs }: StandInPageOptions): string {
  return layout({
    title: `${heading} - Sandbox`,
    brand: STAND_IN_BRAND,
    stylesheet: SANDBOX_STYLESHEET,
    wide: true,
    body: `<h1>${escapeHtml(heading)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}`,
  });
}

/** The sandbox's mailbox: each mail's headers, and its HTML in a sandboxed frame that runs nothing. */
export function mailboxPage(mails: readonly KeptMail[]): string {
  const items = mails.map(
    (mail) => `<article class="mail">
<h2>${escapeHtml(mail.subject)}</h2>
<dl>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Date</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt)}</time></dd>
</dl>
<iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe>
</article>`,
  );
  return layout({
    title: 'Mailbox - Sandbox',
    brand: STAND_IN_BRAND,
    wide: true,
    body: `<h1>Sandbox mailbox</h1>
<p>The mail the portal would have sent (receipts, the reseller's notices); in production it goes out through SMTP_URL. Newest first.</p>
${items.length === 0 ? '<p class="empty">No mail yet: buy licenses or change a delegate list, then reload.</p>' : items.join('\n')}`,
  });
}
