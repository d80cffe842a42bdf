import { connect } from 'node:net';

// HTTP/1.1 on a raw socket, for tests that must see the exact bytes: that a HEAD, 204 or 304 answer
// has no body, and that a body is exactly as long as it says (docs/api.md).

export interface RawAnswer {
  status: number;
  /** Header names lower-cased; repeated headers joined with ', '. */
  headers: Record<string, string>;
  head: string;
  body: Buffer;
}

/** Writes the bytes (in the given pieces, a pause apart) and reads until the server closes. */
export function rawExchange(
  baseUrl: string,
  pieces: string | string[],
  pauseMs = 20,
): Promise<Buffer> {
  const { hostname, port } = new URL(baseUrl);
  const parts = Array.isArray(pieces) ? pieces : [pieces];
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      void (async () => {
        for (const [index, part] of parts.entries()) {
          if (socket.destroyed) return;
          if (index > 0) await new Promise((done) => setTimeout(done, pauseMs));
          socket.write(part);
        }
      })();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while the rest of a refused request is still being written.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
  });
}

const HEAD_END = Buffer.from('\r\n\r\n');

function readChunked(raw: Buffer, start: number): { body: Buffer; end: number } {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('Chunked body cut short');
    const size = Number.parseInt(raw.toString('latin1', at, lineEnd).split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) throw new Error('Unreadable chunk size');
    at = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = raw.indexOf(HEAD_END, at - 2);
      return { body: Buffer.concat(parts), end: trailerEnd < 0 ? at + 2 : trailerEnd + 4 };
    }
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
}

/**
 * Splits a connection's bytes into answers, strictly: `bodiless[i]` says whether answer i answers a
 * HEAD (so it has no body whatever its headers say). A 204 or 304 never has one either; any other
 * answer is exactly Content-Length long, chunked, or runs to the close. Leftover bytes are returned
 * as `rest`, so a stray body shows up there or as an unreadable next answer.
 */
export function splitAnswers(
  raw: Buffer,
  bodiless: readonly boolean[],
): { answers: RawAnswer[]; rest: Buffer } {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (const noBody of bodiless) {
    if (at >= raw.length) break;
    const headEnd = raw.indexOf(HEAD_END, at);
    if (headEnd < 0) throw new Error(`Answer ${answers.length + 1} has no complete head`);
    const head = raw.toString('latin1', at, headEnd);
    const [statusLine = '', ...lines] = head.split('\r\n');
    const match = /^HTTP\/1\.[01] (\d{3}) /.exec(`${statusLine} `);
    if (match === null) {
      throw new Error(`Answer ${answers.length + 1} starts with ${JSON.stringify(statusLine)}`);
    }
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    let bodyStart = headEnd + HEAD_END.length;
    let body: Buffer;
    if (noBody || status === 204 || status === 304) {
      body = Buffer.alloc(0);
    } else if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) {
      const chunked = readChunked(raw, bodyStart);
      body = chunked.body;
      bodyStart = chunked.end;
      answers.push({ status, headers, head, body });
      at = bodyStart;
      continue;
    } else if (headers['content-length'] !== undefined) {
      body = raw.subarray(bodyStart, bodyStart + Number(headers['content-length']));
    } else {
      body = raw.subarray(bodyStart);
    }
    answers.push({ status, headers, head, body });
    at = bodyStart + body.length;
  }
  return { answers, rest: raw.subarray(at) };
}

/** One request as raw bytes; `close` asks the server to close after answering it. */
export function rawRequest(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string; close?: boolean } = {},
): string {
  const headers: Record<string, string> = { host: 'portal.test', ...options.headers };
  if (options.body !== undefined)
    headers['content-length'] = String(Buffer.byteLength(options.body));
  if (options.close === true) headers.connection = 'close';
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${options.body ?? ''}`;
}
