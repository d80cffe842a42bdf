import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { envelope } from './errorHandler';
import { SERVER_TEXT } from '../messages';

// Requests Node refuses before Fastify sees them (headers too large, a broken request line, a client
// too slow to send) answer in the error envelope (docs/api.md), never Fastify's own error shape; but a
// HEAD, or a request whose method cannot be seen, gets Node's own framing, the status line alone: a
// body there would be read as the start of the next answer and break the client's connection
// (docs/api.md, "Errors any endpoint can answer").

const HTTP_BAD_REQUEST = 400;
const HTTP_REQUEST_TIMEOUT = 408;
const HTTP_HEADERS_TOO_LARGE = 431;
/**
 * The start of a request line in the bytes Node was parsing, at the packet's start or after a blank
 * line: a method and its target, as far as Node read them (a broken path, with a non-ASCII byte, a
 * tab or a space, ends the bytes parsed before the line does). Bytes that hold none (garbage, or the
 * rest of headers whose request line came in an earlier packet) do not show the method.
 */
const REQUEST_LINE = /(?:^|\r\n\r\n)([A-Z]+) [/*]/g;

/** What Node adds to the errors of its HTTP parser. */
interface ParseError extends NodeJS.ErrnoException {
  rawPacket?: unknown;
  bytesParsed?: number;
}

function refusal(error: ParseError): { code: number; message: string | null } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { code: HTTP_HEADERS_TOO_LARGE, message: SERVER_TEXT.headersTooLarge };
  }
  // A timed-out request never showed its method: the status line alone (see above).
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { code: HTTP_REQUEST_TIMEOUT, message: null };
  return { code: HTTP_BAD_REQUEST, message: SERVER_TEXT.malformedRequest };
}

/**
 * Whether the refused bytes show only requests whose answer may carry a body: at least one request
 * line, and none of them a HEAD (a pipelined HEAD anywhere in the packet counts).
 */
function answerMayHaveBody(error: ParseError): boolean {
  if (!Buffer.isBuffer(error.rawPacket)) return false;
  const end = Math.min(error.bytesParsed ?? error.rawPacket.length, error.rawPacket.length);
  const methods = [...error.rawPacket.toString('latin1', 0, end).matchAll(REQUEST_LINE)].map(
    (match) => match[1],
  );
  return methods.length > 0 && !methods.includes('HEAD');
}

/** An answer of this socket already started (a keep-alive request in flight): nothing may be added. */
function answerInFlight(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  return current?.headersSent === true;
}

/** Fastify's clientErrorHandler: writes the answer on the raw socket, then closes it. */
export function answerClientError(error: ParseError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = refusal(error);
  if (socket.writable && !answerInFlight(socket)) {
    const statusLine = `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}\r\n`;
    if (message !== null && answerMayHaveBody(error)) {
      const body = JSON.stringify(envelope(code, message));
      socket.write(
        statusLine +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          'Cache-Control: no-store\r\n' +
          'Connection: close\r\n\r\n' +
          body,
      );
    } else {
      socket.write(`${statusLine}Connection: close\r\n\r\n`);
    }
  }
  socket.destroy(error);
}
