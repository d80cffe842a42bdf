import { createHttpService, readCookie, type FetchLike } from './http';

type FetchCall = Parameters<FetchLike>;

function fakeFetch(status: number, text: string) {
  const calls: FetchCall[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push([url, init]);
    return { status, text: async () => text };
  };
  return { fetch, calls };
}

const cookies = 'theme=dark; XSRF-TOKEN=abc%3D123; portal_session=signed';

describe('http service (docs/api.md, docs/api.md, Error envelope)', () => {
  it('GETs a relative URL with the query and extra headers and parses JSON', async () => {
    const { fetch, calls } = fakeFetch(200, '{"isGoogleAccount":true}');
    const http = createHttpService({ fetch, readCookies: () => cookies });
    await expect(
      http.get('/api/email-validator', { email: 'a+b@acme.example' }, { 'x-goog-token': 't' }),
    ).resolves.toEqual({ isGoogleAccount: true });
    const [url, init] = calls[0] ?? [];
    expect(url).toBe('/api/email-validator?email=a%2Bb%40acme.example');
    expect(init?.method).toBe('GET');
    expect(init?.headers['x-goog-token']).toBe('t');
    expect(init?.headers).not.toHaveProperty('X-XSRF-TOKEN');
    expect(init?.body).toBeUndefined();
  });

  it('POSTs JSON with X-XSRF-TOKEN taken from the XSRF-TOKEN cookie', async () => {
    const { fetch, calls } = fakeFetch(200, '{"members":[]}');
    const http = createHttpService({ fetch, readCookies: () => cookies });
    await http.post('/api/licence-delegate', { email: 'a@acme.example', action: 'add' });
    const [, init] = calls[0] ?? [];
    expect(init?.method).toBe('POST');
    expect(init?.headers['X-XSRF-TOKEN']).toBe('abc=123');
    expect(init?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init?.body ?? '')).toEqual({ email: 'a@acme.example', action: 'add' });
  });

  it('PUTs JSON with X-XSRF-TOKEN, as the console replaces a setting', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const http = createHttpService({ fetch, readCookies: () => cookies });
    await http.put('/api/reseller/defaults', { seatCap: 80, approvalAbove: null });
    const [url, init] = calls[0] ?? [];
    expect(url).toBe('/api/reseller/defaults');
    expect(init?.method).toBe('PUT');
    expect(init?.headers['X-XSRF-TOKEN']).toBe('abc=123');
    expect(JSON.parse(init?.body ?? '')).toEqual({ seatCap: 80, approvalAbove: null });
  });

  it("names the browser's time zone on a change, so the buyer's mail is dated in it, and on no read", async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const http = createHttpService({
      fetch,
      readCookies: () => cookies,
      timeZone: () => 'Europe/Paris',
    });
    await http.post('/api/add-licence', {});
    await http.get('/api/history', { customer: 'C0acme001' });
    expect(calls[0]?.[1].headers['X-Time-Zone']).toBe('Europe/Paris');
    expect(calls[1]?.[1].headers).not.toHaveProperty('X-Time-Zone');
    const nameless = fakeFetch(200, '{}');
    await createHttpService({
      fetch: nameless.fetch,
      readCookies: () => cookies,
      timeZone: () => '',
    }).post('/api/add-licence', {});
    expect(nameless.calls[0]?.[1].headers).not.toHaveProperty('X-Time-Zone');
  });

  it('echoes the XSRF cookie the page names: __Host-XSRF-TOKEN over https, never a planted plain one', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    const secureCookies =
      'XSRF-TOKEN=planted; __Host-XSRF-TOKEN=genuine%3D; __Host-portal_session=s';
    const http = createHttpService({
      fetch,
      readCookies: () => secureCookies,
      xsrfCookie: '__Host-XSRF-TOKEN',
    });
    await http.post('/api/add-licence', {});
    expect(calls[0]?.[1].headers['X-XSRF-TOKEN']).toBe('genuine=');
  });

  it('sends an empty X-XSRF-TOKEN when the cookie is missing, so the server refuses cleanly', async () => {
    const { fetch, calls } = fakeFetch(200, '{}');
    await createHttpService({ fetch, readCookies: () => '' }).post('/api/add-licence', {});
    expect(calls[0]?.[1].headers['X-XSRF-TOKEN']).toBe('');
  });

  it.each(['https://evil.example/api', '//evil.example/api', 'api/relative', '/\\evil.example'])(
    'refuses the non-relative URL %s without any request',
    async (url) => {
      const { fetch, calls } = fakeFetch(200, '{}');
      const http = createHttpService({ fetch, readCookies: () => cookies });
      await expect(http.get(url)).rejects.toThrow(/relative/);
      await expect(http.post(url, {})).rejects.toThrow(/relative/);
      expect(calls).toEqual([]);
    },
  );

  it('rejects a non-2xx answer with {status, body} holding the parsed envelope', async () => {
    const envelope = {
      error: { code: 409, status: 'ALREADY_EXISTS', message: 'Member already exists.' },
    };
    const { fetch } = fakeFetch(409, JSON.stringify(envelope));
    await expect(
      createHttpService({ fetch, readCookies: () => cookies }).post('/api/x', {}),
    ).rejects.toEqual({
      status: 409,
      body: envelope,
    });
  });

  it('keeps a non-JSON body as text and an empty one as null', async () => {
    await expect(
      createHttpService({ fetch: fakeFetch(502, '<html>Bad gateway</html>').fetch }).get('/api/x'),
    ).rejects.toEqual({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(
      createHttpService({ fetch: fakeFetch(500, '').fetch }).get('/api/x'),
    ).rejects.toEqual({
      status: 500,
      body: null,
    });
  });

  it('rejects a network failure with status 0 and no body', async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(createHttpService({ fetch }).get('/api/x')).rejects.toEqual({
      status: 0,
      body: null,
    });
  });

  it('reads the real document.cookie by default', async () => {
    document.cookie = 'XSRF-TOKEN=from-document';
    const { fetch, calls } = fakeFetch(200, '{}');
    await createHttpService({ fetch }).post('/api/x', {});
    expect(calls[0]?.[1].headers['X-XSRF-TOKEN']).toBe('from-document');
  });
});

describe('readCookie', () => {
  it('finds one cookie by exact name', () => {
    expect(readCookie(cookies, 'XSRF-TOKEN')).toBe('abc=123');
    expect(readCookie('MY-XSRF-TOKEN=x', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('', 'XSRF-TOKEN')).toBeNull();
    expect(readCookie('XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN')).toBe('%E0%A4%A');
  });
});
