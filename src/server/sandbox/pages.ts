import { escapeHtml } from '../../contract/html';
import { dateIn } from '../notifications/mailDate';
import type { KeptMail, MailboxEntry } from '../providers/sandbox/mailbox';
import { SANDBOX_ASSET_PATH } from './assets';

// HTML of the sandbox pages. Every interpolated value goes through escapeHtml: the popup shows text
// taken from its query string.

interface LayoutOptions {
  title: string;
  body: string;
  script?: string;
  wide?: boolean;
  /** Wider still, for the mailbox's list of mails. */
  widest?: boolean;
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

function layout({ title, body, script, wide, widest, brand, stylesheet }: LayoutOptions): string {
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
<main${widest === true ? ' class="widest"' : wide === true ? ' class="wide"' : ''}>
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

const MAILBOX_TITLE = 'Mailbox - Sandbox';

/** A mail's date as its headers show it, in UTC. */
function sentOn(mail: KeptMail): string {
  return `<time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(dateIn(mail.sentAt, null))}</time>`;
}

/**
 * The sandbox's mailbox (docs/notifications.md, E-mail): the kept mail newest first, one row each
 * with its sender, recipient, subject and date, the subject linking to the mail's own page.
 */
export function mailboxPage(
  mails: readonly MailboxEntry[],
  mailPath: (id: number) => string,
): string {
  const rows = mails.map(
    (mail) => `<tr>
<td class="subject"><a href="${escapeHtml(mailPath(mail.id))}">${escapeHtml(mail.subject)}</a></td>
<td>${escapeHtml(mail.to)}</td>
<td>${escapeHtml(mail.from)}</td>
<td class="date">${sentOn(mail)}</td>
</tr>`,
  );
  const list =
    rows.length === 0
      ? '<p class="empty">No mail yet: buy licenses or change a delegate list, then reload.</p>'
      : `<table class="mail-list">
<caption>Kept mail, newest first</caption>
<thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">From</th><th scope="col">Date</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
  return layout({
    title: MAILBOX_TITLE,
    brand: STAND_IN_BRAND,
    stylesheet: SANDBOX_STYLESHEET,
    widest: true,
    body: `<h1>Sandbox mailbox</h1>
<p>The mail the portal would have sent (order confirmations, their copies to administrators, the reseller's notices); in production it goes out through SMTP_URL.</p>
${list}`,
  });
}

export interface MailPageOptions {
  /** Where the mail's HTML is served, alone, for the frame. */
  bodyUrl: string;
  mailboxUrl: string;
  scriptUrl: string;
}

/**
 * One mail as a mail client shows it: its headers, then its HTML in a frame that runs nothing
 * (sandboxed, and served under a CSP without scripts), which the page's script sizes to the
 * mail's full height and whose links it opens in a new tab; the plain text below.
 */
export function mailPage(mail: MailboxEntry, options: MailPageOptions): string {
  return layout({
    title: `${mail.subject} - ${MAILBOX_TITLE}`,
    brand: STAND_IN_BRAND,
    stylesheet: SANDBOX_STYLESHEET,
    script: options.scriptUrl,
    wide: true,
    body: `<p class="back"><a href="${escapeHtml(options.mailboxUrl)}">← All mail</a></p>
<article class="mail">
<h1>${escapeHtml(mail.subject)}</h1>
<dl class="headers">
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>Subject</dt><dd>${escapeHtml(mail.subject)}</dd>
<dt>Date</dt><dd>${sentOn(mail)}</dd>
</dl>
<iframe class="mail-body" sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox" title="${escapeHtml(mail.subject)}" src="${escapeHtml(options.bodyUrl)}"></iframe>
<details class="plain-text">
<summary>Plain text</summary>
<pre>${escapeHtml(mail.text)}</pre>
</details>
</article>`,
  });
}
