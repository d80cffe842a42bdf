import { createStorageService, EMAIL_KEY, TOKEN_DATA_KEY } from './storage';

describe('storage service (docs/behaviour.md 3.2)', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the e-mail under the key email', () => {
    const storage = createStorageService();
    expect(storage.getEmail()).toBeNull();
    storage.setEmail('admin@acme.example');
    expect(window.localStorage.getItem('email')).toBe('admin@acme.example');
    expect(EMAIL_KEY).toBe('email');
    expect(storage.getEmail()).toBe('admin@acme.example');
  });

  it('keeps tokenData as JSON {token, expiry} and removes it', () => {
    const storage = createStorageService();
    storage.setTokenData({ token: 'tok', expiry: 1_700_000_000_000 });
    expect(TOKEN_DATA_KEY).toBe('tokenData');
    expect(JSON.parse(window.localStorage.getItem('tokenData') ?? '')).toEqual({
      token: 'tok',
      expiry: 1_700_000_000_000,
    });
    expect(storage.getTokenData()).toEqual({ token: 'tok', expiry: 1_700_000_000_000 });
    storage.removeTokenData();
    expect(window.localStorage.getItem('tokenData')).toBeNull();
    expect(storage.getTokenData()).toBeNull();
  });

  it.each([
    ['not JSON', '{token'],
    ['a string', '"tok"'],
    ['null', 'null'],
    ['no expiry', '{"token":"tok"}'],
    ['a text expiry', '{"token":"tok","expiry":"tomorrow"}'],
    ['an empty token', '{"token":"","expiry":1}'],
    ['an array', '[1,2]'],
  ])('reads tokenData holding %s as no token', (_name, raw) => {
    window.localStorage.setItem('tokenData', raw);
    expect(createStorageService().getTokenData()).toBeNull();
  });

  it('works without storage when the browser refuses it', () => {
    const refused = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const storage = createStorageService(refused);
    expect(storage.getEmail()).toBeNull();
    expect(storage.getTokenData()).toBeNull();
    expect(() => storage.setEmail('a@acme.example')).not.toThrow();
    expect(() => storage.setTokenData({ token: 't', expiry: 1 })).not.toThrow();
    expect(() => storage.removeTokenData()).not.toThrow();
  });
});
