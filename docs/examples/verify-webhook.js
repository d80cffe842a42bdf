#!/usr/bin/env node
// A receiver of the portal's webhook (docs/notifications.md, Verifying a delivery): checks the
// Portal-Signature header over the raw body, refuses replays older than five minutes, dedupes by the
// event's id, and prints each new event as one JSON line. Run: WEBHOOK_SECRET=... PORT=9000 node verify-webhook.js
'use strict';

const { createHmac, timingSafeEqual } = require('node:crypto');
const http = require('node:http');

const MAX_AGE_SECONDS = 5 * 60;

/** True when the header signs this raw body with the secret, at most five minutes ago. */
function verify(header, rawBody, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  const parts = Object.fromEntries(
    String(header || '')
      .split(',')
      .map((part) => part.split('=', 2)),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > MAX_AGE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(String(parts.v1 || ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function serve(secret, port) {
  const seen = new Set();
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (request.method !== 'POST' || !verify(request.headers['portal-signature'], raw, secret)) {
        response.writeHead(401).end();
        return;
      }
      const event = JSON.parse(raw);
      // At least once: a repeat of an id already handled is acknowledged and ignored.
      if (!seen.has(event.id)) {
        seen.add(event.id);
        process.stdout.write(`${JSON.stringify(event)}\n`);
      }
      response.writeHead(204).end();
    });
  });
  server.listen(port, '127.0.0.1', () => {
    process.stdout.write(`listening on http://127.0.0.1:${server.address().port}/\n`);
  });
  return server;
}

if (require.main === module) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    process.stderr.write("Set WEBHOOK_SECRET to the portal's WEBHOOK_SECRET.\n");
    process.exit(1);
  }
  serve(secret, Number(process.env.PORT || 9000));
}

module.exports = { verify, serve };
