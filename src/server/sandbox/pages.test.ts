import { authorizeErrorPage, authorizePage } from './pages';

// The sign-in popup's page, which the sandbox shows and the fake Google shows in Google's place
// (docs/architecture.md, Where things live): the sandbox's posts to its own origin only.

const OPTIONS = {
  clientId: 'client-1',
  loginHint: 'admin@acme.example',
  scopes: ['openid', 'email'],
  origin: 'http://127.0.0.1:8080',
  tokenUrl: '/sandbox/token',
  scriptUrl: '/sandbox/assets/authorize.js',
};
const EMULATOR = { name: 'An emulator', brand: 'An emulator of Google' };

it("names the opener's origin only when told to post there, under the emulator's name", () => {
  const sandbox = authorizePage(OPTIONS);
  expect(sandbox).not.toContain('data-origin');
  expect(sandbox).toContain('<title>Sign in - Sandbox identity</title>');
  expect(sandbox).toContain('sandbox.css');
  expect(sandbox).toContain('Requested by http://127.0.0.1:8080');
  const emulated = authorizePage({ ...OPTIONS, postsTo: OPTIONS.origin }, EMULATOR);
  expect(emulated).toContain('<form id="consent" data-origin="http://127.0.0.1:8080"');
  expect(emulated).toContain('<title>Sign in - An emulator</title>');
  expect(emulated).toContain('An emulator of Google');
  expect(emulated).not.toContain('sandbox.css');
  expect(authorizeErrorPage('No such account.', EMULATOR)).toContain(
    '<title>Sign-in error - An emulator</title>',
  );
});
