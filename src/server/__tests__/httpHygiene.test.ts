import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract/api';
import { answerClientError } from '../plugins/clientError';
import { rawExchange, rawRequest, splitAnswers } from '../../testing/server/rawHttp';
import { isApiRoute } from '../../testing/server/routeTable';
import {
  removeDataDir,
  startPortal,
  type Browser,
  type Portal,
} from '../../testing/server/portalHarness';

// HTTP framing and caching on the wire (docs/api.md): no body on HEAD, 204 or 304 answers, Node's
// own framing for a refused HEAD, and Cache-Control: no-store on every /api answer.

/** Parameters that make each path answer for real (other paths get none, and answer 400 or 404). */
const SAMPLE_QUERY: Record<string, string> = {
  '/api/email-validator': '?email=admin@acme.example',
  '/api/subscription-info': '?email=admin@acme.example',
  '/api/licence-delegate': '?customer=C0acme001',
  '/api/support-delegate': '?customer=C0acme001',
};
const SAMPLE_PATH: Record<string, string> = {
  '/sandbox/photos/:name': '/sandbox/photos/admin-acme.svg',
  '/*': '/main.0123abcd.js',
};
const HEALTH_THEN_CLOSE = rawRequest('GET', '/api/health', { close: true });
const HEADER_LIMIT_PADDING = 'a'.repeat(20_000);

let portal: Portal;
let admin: Browser;
beforeAll(async () => {
  portal = await startPortal();
  admin = await portal.signIn('admin@acme.example');
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

function adminHeaders(): Record<string, string> {
  return {
    cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    [XSRF_HEADER]: admin.cookies.get(XSRF_COOKIE) ?? '',
  };
}

function sampleUrl(url: string): string {
  return `${SAMPLE_PATH[url] ?? url}${SAMPLE_QUERY[url] ?? ''}`;
}

/** The answer to `first`, then proof the connection is still framed: the next answer reads cleanly. */
async function answerThenHealth(first: string, firstIsHead: boolean) {
  const raw = await rawExchange(portal.baseUrl, first + HEALTH_THEN_CLOSE);
  const { answers, rest } = splitAnswers(raw, [firstIsHead, false]);
  expect(answers.map((answer) => answer.status)[1]).toBe(200);
  expect(rest.length).toBe(0);
  const [answer] = answers;
  if (answer === undefined) throw new Error('no answer');
  return answer;
}

describe('framing of every route, on one kept-alive connection', () => {
  it('covers the whole route table', () => {
    expect(portal.routes().length).toBeGreaterThan(20);
  });

  it.each(['anonymous', 'admin'])('answers every route %s with exact framing', async (who) => {
    for (const route of portal.routes()) {
      const head = route.method === 'HEAD';
      const body = route.method === 'POST' ? '{}' : undefined;
      const request = rawRequest(route.method, sampleUrl(route.url), {
        headers: {
          ...(who === 'admin' ? adminHeaders() : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
      });
      const answer = await answerThenHealth(request, head);
      const seen = { route: `${route.method} ${route.url}`, status: answer.status };
      expect(seen.status).toBeLessThan(500);
      if (head || answer.status === 204 || answer.status === 304) {
        expect({ ...seen, body: answer.body.length }).toEqual({ ...seen, body: 0 });
      }
      if (isApiRoute(route)) {
        expect({ ...seen, cache: answer.headers['cache-control'] }).toEqual({
          ...seen,
          cache: 'no-store',
        });
      }
    }
  });

  it.each([
    ['an unknown /api path', 'HEAD', '/api/no-such-thing', 404],
    ['a known path with another method', 'HEAD', '/api/add-licence', 405],
    ['an unknown page', 'HEAD', '/no-such-page', 404],
    ['a read without a session', 'HEAD', '/api/licence-delegate?customer=C0acme001', 401],
    ['an invalid query', 'HEAD', '/api/email-validator?email=not-an-address', 400],
  ])('answers a HEAD to %s without a body', async (_case, method, url, status) => {
    const answer = await answerThenHealth(rawRequest(method, url), true);
    expect(answer.status).toBe(status);
    expect(answer.body.length).toBe(0);
  });

  it('answers a revalidated asset with a 304 without a body', async () => {
    const first = await portal.browser().get('/main.0123abcd.js');
    const etag = first.headers.get('etag');
    expect(etag).toEqual(expect.any(String));
    const answer = await answerThenHealth(
      rawRequest('GET', '/main.0123abcd.js', { headers: { 'if-none-match': etag ?? '' } }),
      false,
    );
    expect(answer.status).toBe(304);
    expect(answer.body.length).toBe(0);
  });
});

describe('Cache-Control: no-store on every /api answer', () => {
  it.each([
    ['a session start', 'GET', '/api/subscription-info?email=admin@acme.example', 'token'],
    ['a refused sign-in', 'GET', '/api/subscription-info?email=admin@acme.example', 'none'],
    ['an unknown path', 'GET', '/api/no-such-thing', 'none'],
    ['a wrong method', 'DELETE', '/api/health', 'none'],
    ['an oversized body', 'POST', '/api/add-licence', 'big'],
  ])('on %s', async (_case, method, url, extra) => {
    const browser = portal.browser();
    const headers: Record<string, string> =
      extra === 'token' ? { 'x-goog-token': portal.token('admin@acme.example') } : {};
    const answer = await browser.request(method, url, {
      headers: extra === 'big' ? { 'content-type': 'application/json' } : headers,
      body: extra === 'big' ? JSON.stringify({ padding: 'x'.repeat(20_000) }) : undefined,
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('on a rate-limited answer', async () => {
    const limited = await startPortal({ rateLimitMax: 1 });
    try {
      const browser = limited.browser();
      await browser.get('/api/email-validator?email=a@acme.example');
      const refused = await browser.get('/api/email-validator?email=a@acme.example');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('cache-control')).toBe('no-store');
    } finally {
      await limited.close();
      removeDataDir(limited.dataDir);
    }
  });
});

describe('requests refused before routing', () => {
  const NODE_431 = 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n';

  it('answers a HEAD with headers over the limit with the status line alone', async () => {
    const raw = await rawExchange(
      portal.baseUrl,
      rawRequest('HEAD', '/api/health', { headers: { 'x-padding': HEADER_LIMIT_PADDING } }),
    );
    expect(raw.toString('latin1')).toBe(NODE_431);
  });

  it('answers the same when the request line came in an earlier packet', async () => {
    const raw = await rawExchange(portal.baseUrl, [
      'HEAD /api/health HTTP/1.1\r\nHost: portal.test\r\n',
      `X-Padding: ${HEADER_LIMIT_PADDING}\r\n\r\n`,
    ]);
    expect(raw.toString('latin1')).toBe(NODE_431);
  });

  it('answers a HEAD pipelined behind a GET in the same packet with the status line alone', async () => {
    const raw = await rawExchange(
      portal.baseUrl,
      rawRequest('GET', '/api/health') +
        rawRequest('HEAD', '/api/health', { headers: { 'x-padding': HEADER_LIMIT_PADDING } }),
    );
    // Node refuses the packet before the GET's answer is written, so the 431 is all there is.
    expect(raw.toString('latin1')).toBe(NODE_431);
  });

  it('answers a GET with headers over the limit in the envelope, exactly as long as it says', async () => {
    const raw = await rawExchange(
      portal.baseUrl,
      rawRequest('GET', '/api/health', { headers: { 'x-padding': HEADER_LIMIT_PADDING } }),
    );
    const { answers, rest } = splitAnswers(raw, [false]);
    expect(answers[0]?.status).toBe(431);
    expect(answers[0]?.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answers[0]?.body.toString('utf8') ?? '')).toMatchObject({
      error: { code: 431, status: 'INVALID_ARGUMENT' },
    });
    expect(rest.length).toBe(0);
  });

  it("lets Node's own client read a refused HEAD without a parse error", async () => {
    const { port } = new URL(portal.baseUrl);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'HEAD',
          path: '/api/health',
          headers: { 'x-padding': HEADER_LIMIT_PADDING },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(431);
  });

  it.each([
    ['a non-ASCII byte', 'GET /api/héalth HTTP/1.1'],
    ['a tab', 'GET /api/he\talth HTTP/1.1'],
    ['a bare space', 'GET /api/he alth HTTP/1.1'],
  ])(
    'answers a GET whose path holds %s with the envelope, exactly as long as it says',
    async (_what, line) => {
      const raw = await rawExchange(portal.baseUrl, `${line}\r\nHost: portal.test\r\n\r\n`);
      const { answers, rest } = splitAnswers(raw, [false]);
      expect(answers[0]?.status).toBe(400);
      expect(answers[0]?.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answers[0]?.body.toString('utf8') ?? '')).toEqual({
        error: { code: 400, status: 'INVALID_ARGUMENT', message: 'The request is not valid HTTP.' },
      });
      expect(rest.length).toBe(0);
    },
  );

  it('answers a HEAD whose path holds a non-ASCII byte with the status line alone', async () => {
    const raw = await rawExchange(
      portal.baseUrl,
      'HEAD /api/héalth HTTP/1.1\r\nHost: portal.test\r\n\r\n',
    );
    expect(raw.toString('latin1')).toBe('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  it('answers a request whose method never arrived (a timeout) with the status line alone', () => {
    const written: string[] = [];
    const socket = {
      destroyed: false,
      writable: true,
      write: (text: string) => written.push(text),
      destroy: () => undefined,
    } as unknown as Socket;
    const timeout = Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    answerClientError(timeout, socket);
    expect(written).toEqual(['HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n']);
  });
});
