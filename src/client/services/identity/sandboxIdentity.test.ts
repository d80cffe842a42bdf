import { SIGN_IN_SCOPES } from '../../../contract/limits';
import { createSandboxIdentity, POPUP_CLOSED_POLL_MS } from './sandboxIdentity';

// The sandbox popup of README.md, Demo accounts (sandbox), driven through the real jsdom window.
interface FakePopup {
  closed: boolean;
}

function openPopup(popup: FakePopup | null = { closed: false }) {
  return jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
}

/** a@acme.example asks for a token, as the sign-in does. */
function requestToken(authorizeUrl?: string) {
  const options = authorizeUrl === undefined ? { clientId: 'c' } : { clientId: 'c', authorizeUrl };
  return createSandboxIdentity(options).requestToken('a@acme.example', ['email']);
}

function answer(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('sandbox identity (README.md, Demo accounts (sandbox))', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('opens the authorize page with client_id, space-separated scope, login_hint and origin', async () => {
    const open = openPopup();
    const identity = createSandboxIdentity({ clientId: 'portal-sandbox' });
    const pending = identity.requestToken('admin@acme.example', SIGN_IN_SCOPES);
    answer({ access_token: 'tok', expires_in: 3599, scope: 'email profile', token_type: 'Bearer' });
    await expect(pending).resolves.toEqual({
      accessToken: 'tok',
      expiresIn: 3599,
      scope: 'email profile',
    });
    const url = new URL(String(open.mock.calls[0]?.[0]), window.location.origin);
    expect(url.pathname).toBe('/sandbox/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('portal-sandbox');
    expect(url.searchParams.get('scope')).toBe(
      'email profile https://www.googleapis.com/auth/admin.directory.user.readonly',
    );
    expect(url.searchParams.get('login_hint')).toBe('admin@acme.example');
    expect(url.searchParams.get('origin')).toBe(window.location.origin);
  });

  it('uses the configured authorize URL', () => {
    const open = openPopup();
    requestToken('/elsewhere/authorize').catch(() => undefined);
    expect(String(open.mock.calls[0]?.[0])).toMatch(/^\/elsewhere\/authorize\?/);
  });

  it('rejects with the error the page posts (Cancel)', async () => {
    openPopup();
    const pending = requestToken();
    answer({ error: 'access_denied', error_description: 'The user said no.' });
    await expect(pending).rejects.toEqual({
      error: 'access_denied',
      description: 'The user said no.',
    });
  });

  it('ignores messages from another origin and messages of another shape', async () => {
    jest.useFakeTimers();
    const popup = { closed: false };
    openPopup(popup);
    const pending = requestToken();
    answer({ access_token: 'stolen', token_type: 'Bearer' }, 'https://evil.example');
    answer({ access_token: 'tok', token_type: 'MAC' });
    answer('just text');
    popup.closed = true;
    jest.advanceTimersByTime(2 * POPUP_CLOSED_POLL_MS);
    await expect(pending).rejects.toEqual({ error: 'popup_closed' });
  });

  it("takes the answer of an emulator's popup from the popup's own origin only", async () => {
    jest.useFakeTimers();
    const popup = { closed: false };
    openPopup(popup);
    const pending = requestToken('http://127.0.0.1:8090/o/oauth2/auth');
    answer({ access_token: 'from-the-page', token_type: 'Bearer' });
    answer(
      { access_token: 'tok', expires_in: 3599, token_type: 'Bearer' },
      'http://127.0.0.1:8090',
    );
    await expect(pending).resolves.toMatchObject({ accessToken: 'tok' });
  });

  it('takes an answer handled after a poll already saw the popup closed', async () => {
    jest.useFakeTimers();
    const popup = { closed: false };
    openPopup(popup);
    const pending = requestToken();
    // Allow posts the answer and closes the popup; the poll runs before the message is handled.
    popup.closed = true;
    jest.advanceTimersByTime(POPUP_CLOSED_POLL_MS);
    answer({ access_token: 'tok', expires_in: 3599, scope: 'email', token_type: 'Bearer' });
    await expect(pending).resolves.toEqual({ accessToken: 'tok', expiresIn: 3599, scope: 'email' });
  });

  it('rejects popup_closed when the popup is blocked', async () => {
    openPopup(null);
    await expect(requestToken()).rejects.toEqual({ error: 'popup_closed' });
  });

  it('stops listening once answered', async () => {
    openPopup();
    const remove = jest.spyOn(window, 'removeEventListener');
    const pending = requestToken();
    answer({ access_token: 'tok', expires_in: 3599, scope: 'email', token_type: 'Bearer' });
    await pending;
    expect(remove).toHaveBeenCalledWith('message', expect.any(Function));
  });
});
