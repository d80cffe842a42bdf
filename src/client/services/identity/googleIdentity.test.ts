import type * as GoogleIdentityModule from './googleIdentity';
import type { GoogleAccountsApi } from './googleIdentity';

// Google Identity Services token client, with a stand-in for google.accounts.oauth2.
type TokenClientConfig = Parameters<GoogleAccountsApi['accounts']['oauth2']['initTokenClient']>[0];
type WindowWithGoogle = Window & { google?: GoogleAccountsApi };

type Revoke = GoogleAccountsApi['accounts']['oauth2']['revoke'];

function installGoogle(
  onRequest: (config: TokenClientConfig) => void,
  revoke: Revoke = () => undefined,
): TokenClientConfig[] {
  const configs: TokenClientConfig[] = [];
  (window as WindowWithGoogle).google = {
    accounts: {
      oauth2: {
        initTokenClient(config) {
          configs.push(config);
          return { requestAccessToken: () => onRequest(config) };
        },
        revoke,
      },
    },
  };
  return configs;
}

async function freshModule() {
  let module: typeof GoogleIdentityModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<typeof GoogleIdentityModule>('./googleIdentity');
  });
  if (!module) throw new Error('module did not load');
  return module;
}

describe('Google identity', () => {
  afterEach(() => {
    delete (window as WindowWithGoogle).google;
    document.head.innerHTML = '';
  });

  it('asks the token client with client id, space-separated scopes and the e-mail as login_hint', async () => {
    const configs = installGoogle((config) =>
      config.callback({ access_token: 'ya29.x', expires_in: '3599', scope: 'email profile' }),
    );
    const { createGoogleIdentity } = await freshModule();
    await expect(
      createGoogleIdentity('client.apps.googleusercontent.com').requestToken('admin@acme.example', [
        'email',
        'profile',
      ]),
    ).resolves.toEqual({ accessToken: 'ya29.x', expiresIn: 3599, scope: 'email profile' });
    expect(configs[0]).toMatchObject({
      client_id: 'client.apps.googleusercontent.com',
      scope: 'email profile',
      login_hint: 'admin@acme.example',
    });
  });

  it.each<[string, (config: TokenClientConfig) => void, object]>([
    [
      'with the error of the token response',
      (config) => config.callback({ error: 'access_denied', error_description: 'denied by user' }),
      { error: 'access_denied', description: 'denied by user' },
    ],
    [
      'when the popup fails (error_callback)',
      (config) => config.error_callback({ type: 'popup_closed', message: 'closed' }),
      { error: 'popup_closed', description: 'closed' },
    ],
  ])('rejects %s', async (_when, answer, rejection) => {
    installGoogle(answer);
    const { createGoogleIdentity } = await freshModule();
    await expect(
      createGoogleIdentity('c').requestToken('a@acme.example', ['email']),
    ).rejects.toEqual(rejection);
  });

  it('starts loading the GIS script when created, once, so the click opens the popup at once', async () => {
    const { createGoogleIdentity, GSI_CLIENT_URL } = await freshModule();
    const identity = createGoogleIdentity('c');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe(GSI_CLIENT_URL);
    const first = identity.requestToken('a@acme.example', ['email']);
    const second = identity.requestToken('a@acme.example', ['email']);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    installGoogle((config) =>
      config.callback({ access_token: 't', expires_in: 1, scope: 'email' }),
    );
    script.onload?.(new Event('load'));
    await expect(first).resolves.toMatchObject({ accessToken: 't' });
    await expect(second).resolves.toMatchObject({ accessToken: 't' });
  });

  it('once the script is there, asks for the token without waiting for the network', async () => {
    const { createGoogleIdentity } = await freshModule();
    const identity = createGoogleIdentity('c');
    const requests: string[] = [];
    installGoogle((config) => requests.push(config.login_hint));
    (document.head.querySelector('script') as HTMLScriptElement).onload?.(new Event('load'));
    await Promise.resolve();
    void identity.requestToken('a@acme.example', ['email']);
    // Only microtasks pass, as inside the click that asked: the popup is requested in that gesture.
    await Promise.resolve();
    await Promise.resolve();
    expect(requests).toEqual(['a@acme.example']);
  });

  it('rejects readably when the script cannot load', async () => {
    const { createGoogleIdentity } = await freshModule();
    const identity = createGoogleIdentity('c');
    const pending = identity.requestToken('a@acme.example', ['email']);
    const script = document.head.querySelector('script') as HTMLScriptElement;
    script.onerror?.(new Event('error'));
    await expect(pending).rejects.toMatchObject({ error: 'script_load_failed' });
    // The next sign-in tries the script again.
    void identity.requestToken('a@acme.example', ['email']).catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
  });

  describe('revoke (sign-out)', () => {
    it('withdraws the token through google.accounts.oauth2.revoke', async () => {
      const revoked: string[] = [];
      installGoogle(
        () => undefined,
        (token, done) => {
          revoked.push(token);
          done?.({ successful: true });
        },
      );
      const { createGoogleIdentity } = await freshModule();
      await expect(createGoogleIdentity('c').revoke?.('ya29.x')).resolves.toBeUndefined();
      expect(revoked).toEqual(['ya29.x']);
    });

    it("rejects with Google's error", async () => {
      installGoogle(
        () => undefined,
        (_token, done) =>
          done?.({ successful: false, error: 'invalid_token', error_description: 'expired' }),
      );
      const { createGoogleIdentity } = await freshModule();
      await expect(createGoogleIdentity('c').revoke?.('ya29.x')).rejects.toEqual({
        error: 'invalid_token',
        description: 'expired',
      });
    });

    it('gives up after REVOKE_TIMEOUT_MS when Google never answers', async () => {
      installGoogle(() => undefined);
      const { createGoogleIdentity, REVOKE_TIMEOUT_MS } = await freshModule();
      jest.useFakeTimers();
      try {
        const pending = createGoogleIdentity('c').revoke?.('ya29.x');
        const settled = expect(pending).rejects.toMatchObject({ error: 'revoke_timeout' });
        await Promise.resolve();
        jest.advanceTimersByTime(REVOKE_TIMEOUT_MS);
        await settled;
      } finally {
        jest.useRealTimers();
      }
    });
  });
});
