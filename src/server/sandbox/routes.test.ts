import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../contract/errors';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import { openSandbox, type Sandbox } from '../providers/sandbox';
import { sandboxRoutes } from './routes';

// The sandbox pages as a browser meets them, behind helmet configured like the app's (framing denied).

const CLIENT_ID = 'sandbox-portal';
const ORIGIN = 'http://127.0.0.1:8080';

let dataDir: string;
let sandbox: Sandbox;
let app: FastifyInstance;
let baseUrl: string;

/** The two shapes these endpoints answer: the contract's envelope or a token. */
interface AnswerJson {
  error: ErrorBody;
  access_token: string;
}

interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): AnswerJson;
}

/** A real HTTP round trip to the listening server (what a browser does). */
async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; payload?: unknown } = {},
): Promise<Answer> {
  const body =
    init.payload === undefined
      ? undefined
      : typeof init.payload === 'string'
        ? init.payload
        : JSON.stringify(init.payload);
  const headers = {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...init.headers,
  };
  const response = await fetch(`${baseUrl}${url}`, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers.entries()),
    body: text,
    json: () => JSON.parse(text) as AnswerJson,
  };
}

function authorizeUrl(params: Record<string, string>): string {
  return `/sandbox/oauth/authorize?${new URLSearchParams(params).toString()}`;
}

const goodQuery = {
  client_id: CLIENT_ID,
  scope: SIGN_IN_SCOPES.join(' '),
  login_hint: 'admin@acme.example',
  origin: ORIGIN,
};

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-routes-'));
  sandbox = await openSandbox({ dataDir });
  app = Fastify();
  await app.register(helmet, {
    frameguard: { action: 'deny' },
    contentSecurityPolicy: { directives: { 'frame-ancestors': ["'none'"] } },
  });
  await app.register(sandboxRoutes, { sandbox, clientId: CLIENT_ID });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterEach(async () => {
  await app.close();
  sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /sandbox/oauth/authorize', () => {
  it('shows the hinted account, one ticked checkbox per scope, Allow and Cancel', async () => {
    const response = await call(authorizeUrl(goodQuery));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('admin@acme.example');
    for (const [index, scope] of SIGN_IN_SCOPES.entries()) {
      expect(html).toContain(
        `<input type="checkbox" id="scope-${index}" name="scope" value="${scope}" checked>`,
      );
      expect(html).toContain(`<label for="scope-${index}">${scope}</label>`);
    }
    expect(html).toMatch(/<button type="submit" id="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button type="button" id="cancel">Cancel<\/button>/);
    expect(html).toContain('<script src="/sandbox/assets/authorize.js" defer></script>');
    // No inline behaviour: the CSP forbids it.
    expect(html).not.toMatch(/<script>|\son[a-z]+=|style=/);
  });

  it('escapes everything it echoes', async () => {
    const response = await call(
      authorizeUrl({ ...goodQuery, scope: 'email <script>alert(1)</script> "x"' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(response.body).toContain('&quot;x&quot;');
  });

  it.each([
    [
      'an unknown account',
      { login_hint: 'ghost@acme.example' },
      404,
      /no account ghost@acme\.example/,
    ],
    ['a missing account', { login_hint: '' }, 400, /no valid account/],
    ['another client', { client_id: 'someone-else' }, 400, /not registered/],
    ['no scope', { scope: '  ' }, 400, /no scope/],
    ['a bad origin', { origin: 'javascript:alert(1)' }, 400, /origin/],
    ['an oversized hint', { login_hint: `${'a'.repeat(300)}@acme.example` }, 400, /malformed/],
  ])('answers a readable error page for %s', async (_case, change, status, text) => {
    const response = await call(authorizeUrl({ ...goodQuery, ...change }));
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<h1>Sign-in cannot continue</h1>');
    expect(response.body).toMatch(text);
    expect(response.body).not.toContain('id="allow"');
  });
});

describe('POST /sandbox/oauth/token', () => {
  const post = (payload: unknown) => call('/sandbox/oauth/token', { method: 'POST', payload });

  it('issues a token the provider verifies, for the ticked scopes only', async () => {
    const response = await post({
      login_hint: 'admin@acme.example',
      client_id: CLIENT_ID,
      scopes: ['email', 'profile'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const token = response.json();
    expect(token).toEqual({
      access_token: expect.any(String),
      expires_in: 3599,
      scope: 'email profile',
      token_type: 'Bearer',
    });
    await expect(sandbox.provider.verifyToken(token.access_token)).resolves.toMatchObject({
      email: 'admin@acme.example',
      scopes: ['email', 'profile'],
    });
  });

  it('answers 404 in the contract envelope for an unknown account', async () => {
    const response = await post({
      login_hint: 'ghost@acme.example',
      client_id: CLIENT_ID,
      scopes: [],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });

  it('refuses another client', async () => {
    const response = await post({ login_hint: 'admin@acme.example', client_id: 'x', scopes: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/not registered/);
  });

  it.each([
    ['a missing field', { login_hint: 'admin@acme.example', client_id: CLIENT_ID }],
    [
      'a wrong type',
      { login_hint: 'admin@acme.example', client_id: CLIENT_ID, scopes: { email: true } },
    ],
    [
      'an unknown field',
      { login_hint: 'a@acme.example', client_id: CLIENT_ID, scopes: [], extra: 1 },
    ],
    [
      'a scope with a space',
      { login_hint: 'a@acme.example', client_id: CLIENT_ID, scopes: ['a b'] },
    ],
  ])('refuses %s with 400 in the envelope', async (_case, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  it('refuses malformed JSON with 400 and an oversized body with 413, never a 5xx', async () => {
    const malformed = await call('/sandbox/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: '{"login_hint":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe(400);

    const oversized = await post({
      login_hint: 'admin@acme.example',
      client_id: CLIENT_ID,
      scopes: ['x'.repeat(20_000)],
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error).toMatchObject({ code: 413, status: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('static files', () => {
  it('serves the popup script and the stylesheet', async () => {
    const script = await call('/sandbox/assets/authorize.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('postMessage');
    const css = await call('/sandbox/assets/sandbox.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves the seeded photo the directory points at, and 404 for any other', async () => {
    const admin = await sandbox.provider.lookupDirectoryUser('admin@acme.example');
    const photo = await call(admin?.thumbnailPhotoUrl ?? '');
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(photo.body).toMatch(/^<svg /);
    const missing = await call('/sandbox/photos/nobody.svg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.status).toBe('NOT_FOUND');
    const traversal = await call('/sandbox/photos/..%2Fsandbox.db');
    expect(traversal.statusCode).toBe(400);
  });
});

describe('stand-in pages', () => {
  it.each([
    ['/sandbox/contact', /contact page/i],
    ['/sandbox/helpdesk', /Help-desk portal/],
    ['/sandbox/support-site', /Support site/],
  ])('%s has a heading naming what it stands for', async (url, heading) => {
    const response = await call(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(
      new RegExp(`<h1>[^<]*${heading.source}[^<]*</h1>`, heading.flags),
    );
  });

  it('lets only the portal itself frame the support site', async () => {
    const support = await call('/sandbox/support-site');
    expect(support.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(support.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(support.headers['x-frame-options']).toBe('SAMEORIGIN');

    const contact = await call('/sandbox/contact');
    expect(contact.headers['x-frame-options']).toBe('DENY');
  });

  it("lets the support site's stylesheet load in the sandboxed frame, whose origin is opaque", async () => {
    const support = await call('/sandbox/support-site');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(support.body)?.[1] ?? '';
    const css = await call(stylesheet);
    expect(css.statusCode).toBe(200);
    expect(css.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
