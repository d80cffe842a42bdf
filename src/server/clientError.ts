import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { envelope } from './errorHandler';
import { SERVER_TEXT } from './messages';

// Requests Node refuses before Fastify sees them (headers too large, a broken request line, a client
// too slow to send) still answer in the contract's envelope (§2), never Fastify's own error shape.

const HTTP_BAD_REQUEST = 400;
const HTTP_REQUEST_TIMEOUT = 408;
const HTTP_HEADERS_TOO_LARGE = 431;

function refusal(error: NodeJS.ErrnoException): { code: number; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return { code: HTTP_HEADERS_TOO_LARGE, message: SERVER_TEXT.headersTooLarge };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: HTTP_REQUEST_TIMEOUT, message: SERVER_TEXT.requestTimeout };
  }
  return { code: HTTP_BAD_REQUEST, message: SERVER_TEXT.malformedRequest };
}

/** Fastify's clientErrorHandler: writes the envelope on the raw socket, then closes it. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, message } = refusal(error);
  if (socket.writable) {
    const body = JSON.stringify(envelope(code, message));
    socket.write(
      `HTTP/1.1 ${code} ${STATUS_CODES[code] ?? ''}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
