/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:8080/sandbox/oauth/authorize"}
 */
import { AUTHORIZE_SCRIPT } from './assets';
import { authorizePage } from './pages';

// The popup's behaviour as a person drives it: tick, Allow or Cancel, and what the opener receives.

const PORTAL_ORIGIN = 'http://127.0.0.1:8080';
const TOKEN = { access_token: 'tok', expires_in: 3599, scope: 'email', token_type: 'Bearer' };

let postMessage: jest.Mock;
let close: jest.SpyInstance;
let fetchMock: jest.Mock;

function openPopup(postsTo?: string): void {
  const html = authorizePage({
    postsTo,
    clientId: 'sandbox-portal',
    loginHint: 'admin@acme.example',
    scopes: ['email', 'profile'],
    // A foreign opener announcing itself: the page must ignore it when posting.
    origin: 'https://evil.example',
    tokenUrl: '/sandbox/oauth/token',
    scriptUrl: '/sandbox/assets/authorize.js',
  });
  document.body.innerHTML = html.slice(html.indexOf('<main'), html.indexOf('</body>'));
  new Function(AUTHORIZE_SCRIPT)();
}

function button(id: string): HTMLButtonElement {
  return document.getElementById(id) as HTMLButtonElement;
}

async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  postMessage = jest.fn();
  Object.defineProperty(window, 'opener', { value: { postMessage }, configurable: true });
  close = jest.spyOn(window, 'close').mockImplementation(() => undefined);
  fetchMock = jest.fn();
  Object.defineProperty(window, 'fetch', { value: fetchMock, configurable: true, writable: true });
});

afterEach(() => {
  close.mockRestore();
});

it('Allow requests a token for the ticked scopes and posts it to its own origin only', async () => {
  fetchMock.mockResolvedValue({ ok: true, json: async () => TOKEN });
  openPopup();
  (document.getElementById('scope-1') as HTMLInputElement).checked = false;
  button('allow').click();
  await settle();

  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe('/sandbox/oauth/token');
  expect(init.method).toBe('POST');
  expect(JSON.parse(String(init.body))).toEqual({
    login_hint: 'admin@acme.example',
    client_id: 'sandbox-portal',
    scopes: ['email'],
  });
  expect(postMessage).toHaveBeenCalledWith(TOKEN, PORTAL_ORIGIN);
  expect(postMessage).not.toHaveBeenCalledWith(expect.anything(), 'https://evil.example');
  expect(close).toHaveBeenCalled();
});

it('Cancel posts access_denied to its own origin and closes', () => {
  openPopup();
  button('cancel').click();
  expect(postMessage).toHaveBeenCalledWith({ error: 'access_denied' }, PORTAL_ORIGIN);
  expect(close).toHaveBeenCalled();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('shows the refusal and stays open when the sandbox refuses', async () => {
  fetchMock.mockResolvedValue({
    ok: false,
    json: async () => ({
      error: { code: 404, message: 'The sandbox directory has no account x.' },
    }),
  });
  openPopup();
  button('allow').click();
  await settle();
  expect(document.getElementById('status')?.textContent).toBe(
    'The sandbox directory has no account x.',
  );
  expect(button('allow').disabled).toBe(false);
  expect(postMessage).not.toHaveBeenCalled();
  expect(close).not.toHaveBeenCalled();
});

it("posts to the origin the page names, as the fake Google's popup does, and shows Google's refusal", async () => {
  fetchMock.mockResolvedValueOnce({ ok: true, json: async () => TOKEN });
  openPopup('http://127.0.0.1:9000');
  button('allow').click();
  await settle();
  expect(postMessage).toHaveBeenCalledWith(TOKEN, 'http://127.0.0.1:9000');

  postMessage.mockClear();
  fetchMock.mockResolvedValueOnce({
    ok: false,
    json: async () => ({ error: 'access_denied', error_description: 'Refused.' }),
  });
  openPopup('http://127.0.0.1:9000');
  button('allow').click();
  await settle();
  expect(document.getElementById('status')?.textContent).toBe('Refused.');
  expect(postMessage).not.toHaveBeenCalled();
});
