// Static files of the sandbox pages. The Content-Security-Policy forbids inline scripts and styles,
// so the popup's behaviour and the pages' look are served as files from /sandbox/assets/. They live
// here as strings so the compiled server (dist/) needs no copied asset folder.

export const SANDBOX_ASSET_PATH = '/sandbox/assets/';

/**
 * The identity popup's behaviour (README.md, Demo accounts (sandbox)). It posts its answer ONLY to its own origin, which is
 * the portal's: a foreign page that opened the popup never receives a token. The fake Google serves
 * the same script with the page naming the opener's origin (data-origin), as Google's popup answers.
 */
export const AUTHORIZE_SCRIPT = `'use strict';
(function () {
  var form = document.getElementById('consent');
  var allow = document.getElementById('allow');
  var cancel = document.getElementById('cancel');
  var status = document.getElementById('status');
  if (!form || !allow || !cancel || !status) return;
  var answerOrigin = form.dataset.origin || window.location.origin;

  function answer(message) {
    if (window.opener) window.opener.postMessage(message, answerOrigin);
    window.close();
  }

  function tickedScopes() {
    return Array.prototype.map.call(
      form.querySelectorAll('input[name="scope"]:checked'),
      function (box) { return box.value; }
    );
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    allow.disabled = true;
    status.textContent = 'Signing in…';
    fetch(form.dataset.tokenUrl, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        login_hint: form.dataset.loginHint,
        client_id: form.dataset.clientId,
        scopes: tickedScopes()
      })
    })
      .then(function (response) {
        return response.json().then(function (body) {
          if (!response.ok) {
            var message = body && (body.error_description || (body.error && body.error.message));
            throw new Error(message || 'The sandbox could not issue a token.');
          }
          return body;
        });
      })
      .then(function (token) {
        answer({
          access_token: token.access_token,
          expires_in: token.expires_in,
          scope: token.scope,
          token_type: 'Bearer'
        });
      })
      .catch(function (error) {
        status.textContent = error.message;
        allow.disabled = false;
      });
  });

  cancel.addEventListener('click', function () {
    answer({ error: 'access_denied' });
  });
})();
`;

/**
 * The mailbox's mail page (docs/notifications.md, E-mail): sizes the frame to the mail's full height,
 * as a mail client shows a mail, and opens the mail's links in a new tab. The frame keeps the
 * portal's origin so this script can measure it; the mail itself runs no script.
 */
export const MAILBOX_SCRIPT = `'use strict';
(function () {
  var frame = document.querySelector('iframe.mail-body');
  if (!frame) return;

  function fit() {
    var mail = frame.contentDocument;
    if (!mail || !mail.documentElement) return;
    var links = mail.querySelectorAll('a[href]');
    for (var i = 0; i < links.length; i += 1) {
      links[i].target = '_blank';
      links[i].rel = 'noopener noreferrer';
    }
    // Measured at no height, the document is as tall as the mail itself, not the frame.
    frame.style.height = '0px';
    frame.style.height = mail.documentElement.scrollHeight + 'px';
    frame.classList.add('fitted');
  }

  frame.addEventListener('load', fit);
  window.addEventListener('resize', fit);
  if (frame.contentDocument && frame.contentDocument.readyState === 'complete') fit();
})();
`;

export const SANDBOX_STYLES = `:root {
  color-scheme: light;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  color: #202124;
  background: #f1f3f4;
}
body { margin: 0; padding: 24px 16px; }
main {
  max-width: 440px;
  margin: 0 auto;
  padding: 24px 28px;
  background: #ffffff;
  border: 1px solid #dadce0;
  border-radius: 8px;
}
main.wide { max-width: 700px; }
main.widest { max-width: 1040px; }
.brand { margin: 0 0 8px; font-size: 0.85rem; letter-spacing: 0.04em; text-transform: uppercase; color: #5f6368; }
h1 { margin: 0 0 16px; font-size: 1.4rem; font-weight: 500; }
.account { margin: 0 0 16px; padding: 8px 12px; border: 1px solid #dadce0; border-radius: 16px; display: inline-block; }
fieldset { margin: 0 0 20px; padding: 12px 16px; border: 1px solid #dadce0; border-radius: 6px; }
legend { padding: 0 4px; }
.scope { display: flex; gap: 8px; align-items: flex-start; margin: 8px 0; word-break: break-all; }
.scope input { margin-top: 3px; }
.actions { display: flex; justify-content: flex-end; gap: 12px; }
button {
  min-width: 88px;
  padding: 8px 16px;
  font: inherit;
  border-radius: 4px;
  border: 1px solid #dadce0;
  background: #ffffff;
  color: #1a73e8;
  cursor: pointer;
}
button.primary { background: #1a73e8; border-color: #1a73e8; color: #ffffff; }
button:disabled { opacity: 0.6; cursor: default; }
button:focus-visible, input:focus-visible, a:focus-visible { outline: 2px solid #1a73e8; outline-offset: 2px; }
.status { min-height: 1.4em; margin: 12px 0 0; color: #b3261e; }
.error { color: #b3261e; }
.requested-by { font-size: 0.85rem; color: #5f6368; }
a { color: #1a73e8; }
.mail-list { width: 100%; border-collapse: collapse; font-size: 0.9rem; }
.mail-list caption { text-align: left; color: #5f6368; padding: 0 0 8px; }
.mail-list th { text-align: left; font-weight: 500; color: #5f6368; border-bottom: 1px solid #dadce0; padding: 6px 12px 6px 0; }
.mail-list td { border-bottom: 1px solid #f1f3f4; padding: 8px 12px 8px 0; vertical-align: top; word-break: break-word; }
.mail-list .subject { font-weight: 500; }
.mail-list .date { white-space: nowrap; color: #5f6368; }
.back { margin: 0 0 12px; }
.mail h1 { margin: 0 0 12px; }
.mail .headers { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 16px; font-size: 0.9rem; }
.mail .headers dt { color: #5f6368; }
.mail .headers dd { margin: 0; word-break: break-all; }
.mail-body { display: block; width: 100%; height: 70vh; border: 1px solid #dadce0; border-radius: 4px; background: #ffffff; }
.mail-body.fitted { overflow: hidden; }
.plain-text { margin: 16px 0 0; }
.plain-text pre { white-space: pre-wrap; word-break: break-word; font-size: 0.85rem; background: #f8f9fa; padding: 12px; border-radius: 4px; }
`;
