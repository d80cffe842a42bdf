import { escapeHtml } from '../../contract/html';

// The fake's own sign-in popup, so a person can click through google mode in a browser: the same
// postMessage protocol as the sandbox popup (src/server/sandbox/pages.ts), answering the opener's
// origin as Google Identity Services does. Test-only.

export const POPUP_PATHS = {
  page: '/o/oauth2/auth',
  script: '/o/oauth2/popup.js',
  token: '/o/oauth2/popup/token',
} as const;

export const POPUP_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('consent');
  var status = document.getElementById('status');
  if (!form || !status) return;
  var origin = form.dataset.origin;
  function answer(message) {
    if (window.opener) window.opener.postMessage(message, origin);
    window.close();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var scopes = Array.prototype.map.call(
      form.querySelectorAll('input[name="scope"]:checked'),
      function (box) { return box.value; }
    );
    fetch(form.dataset.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login_hint: form.dataset.loginHint, client_id: form.dataset.clientId, scopes: scopes })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) throw new Error((body && body.error_description) || 'No token.');
          return body;
        });
      })
      .then(answer)
      .catch(function (error) { status.textContent = error.message; });
  });
  document.getElementById('cancel').addEventListener('click', function () {
    answer({ error: 'access_denied' });
  });
})();
`;

export function popupPage(options: {
  clientId: string;
  loginHint: string;
  scopes: readonly string[];
  origin: string;
}): string {
  const boxes = options.scopes
    .map(
      (scope, index) =>
        `<p><input type="checkbox" id="s${index}" name="scope" value="${escapeHtml(scope)}" checked> <label for="s${index}">${escapeHtml(scope)}</label></p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in - Fake Google</title>
<script src="${POPUP_PATHS.script}" defer></script></head>
<body style="font-family: sans-serif; max-width: 30rem; margin: 2rem auto">
<p>Fake Google (for testing google mode)</p>
<h1>Sign in as ${escapeHtml(options.loginHint)}</h1>
<form id="consent" data-origin="${escapeHtml(options.origin)}" data-login-hint="${escapeHtml(options.loginHint)}" data-client-id="${escapeHtml(options.clientId)}" data-token-url="${POPUP_PATHS.token}">
<fieldset><legend>Allow the portal to use:</legend>
${boxes}
</fieldset>
<p><button type="button" id="cancel">Cancel</button> <button type="submit" id="allow">Allow</button></p>
<p id="status" role="status"></p>
</form></body></html>
`;
}

export function popupErrorPage(problem: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error - Fake Google</title></head>
<body style="font-family: sans-serif; max-width: 30rem; margin: 2rem auto"><h1>Sign-in cannot continue</h1>
<p role="alert">${escapeHtml(problem)}</p></body></html>
`;
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
