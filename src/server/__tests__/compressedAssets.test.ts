import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PORTAL_CONFIG_ELEMENT_ID } from '../../contract/config';
import { removeDataDir, startPortal, type Portal } from '../../testing/server/portalHarness';

// Assets and pages go out compressed when the client accepts it, cached by what they are
// (docs/performance.md); source maps only when SERVE_SOURCE_MAPS=true.

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes exactly as sent (fetch would decompress them). */
function rawGet(baseUrl: string, url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(`${baseUrl}${url}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

const SCRIPT = `console.log(${JSON.stringify('the portal '.repeat(500))});\n`;
const SCRIPT_PATH = '/js/main.0123abcdef4567.js';
const IMMUTABLE = /^public, max-age=31536000, immutable$/;

/** A built asset with the .br and .gz files the build writes beside it. */
function writeAsset(portal: Portal, url: string, content: string): void {
  const file = path.join(portal.config.clientDir, url);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(content)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(content)));
}

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
  writeAsset(portal, SCRIPT_PATH, SCRIPT);
  writeFileSync(path.join(portal.config.clientDir, 'js', 'main.0123abcdef4567.js.map'), '{}');
  writeFileSync(path.join(portal.config.clientDir, 'favicon.svg'), '<svg></svg>');
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

describe('hashed assets', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
  ])(
    'go out as the best encoding the client accepts (Accept-Encoding: %s → %s)',
    async (accepted, encoding) => {
      const answer = await rawGet(portal.baseUrl, SCRIPT_PATH, { 'accept-encoding': accepted });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toMatch(IMMUTABLE);
      const decoded =
        encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
      expect(decoded.toString()).toBe(SCRIPT);
    },
  );

  it.each([[{}], [{ 'accept-encoding': 'identity' }]])(
    'go out as they are to a client that accepts no compression (%o)',
    async (headers) => {
      const answer = await rawGet(portal.baseUrl, SCRIPT_PATH, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toMatch(IMMUTABLE);
      expect(answer.body.toString()).toBe(SCRIPT);
    },
  );

  it('without compressed copies go out as they are', async () => {
    const answer = await rawGet(portal.baseUrl, '/main.0123abcd.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe('console.log("portal");');
  });
});

it('files without a content hash are revalidated on each use', async () => {
  const answer = await rawGet(portal.baseUrl, '/favicon.svg', { 'accept-encoding': 'br' });
  expect(answer.status).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-cache');
});

describe('the page', () => {
  it.each([
    ['/', 'br', brotliDecompressSync],
    ['/licenses', 'gzip', gunzipSync],
  ])(
    '%s goes out compressed (%s), never stored, with the configuration',
    async (url, encoding, decode) => {
      const answer = await rawGet(portal.baseUrl, url, { 'accept-encoding': encoding });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(answer.body).toString()).toContain(`id="${PORTAL_CONFIG_ELEMENT_ID}"`);
    },
  );

  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.9', 'br'],
    ['BR;Q=0.4, GZIP;Q=0.8', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])(
    'goes out as the best encoding the client accepts (Accept-Encoding: %s → %s)',
    async (accepted, encoding) => {
      const answer = await rawGet(portal.baseUrl, '/', { 'accept-encoding': accepted });
      expect(answer.headers['content-encoding']).toBe(encoding);
      const decode =
        { br: brotliDecompressSync, gzip: gunzipSync }[encoding ?? ''] ?? ((body: Buffer) => body);
      expect(decode(answer.body).toString()).toContain(`id="${PORTAL_CONFIG_ELEMENT_ID}"`);
    },
  );

  it('goes out as it is to a client that accepts no compression', async () => {
    const answer = await rawGet(portal.baseUrl, '/', {});
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.toString()).toContain(`id="${PORTAL_CONFIG_ELEMENT_ID}"`);
  });
});

describe('source maps', () => {
  it('answer 404 unless SERVE_SOURCE_MAPS=true', async () => {
    const map = '/js/main.0123abcdef4567.js.map';
    expect((await rawGet(portal.baseUrl, map, {})).status).toBe(404);
    const debugging = await startPortal({ env: { SERVE_SOURCE_MAPS: 'true' } });
    try {
      const file = path.join(debugging.config.clientDir, 'js', 'main.0123abcdef4567.js.map');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, '{"version":3}');
      const answer = await rawGet(debugging.baseUrl, map, {});
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('{"version":3}');
    } finally {
      await debugging.close();
      removeDataDir(debugging.dataDir);
    }
  });
});
