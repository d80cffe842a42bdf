import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../contract/config';
import type { ServerConfig } from './config';
import { envelope } from './errorHandler';
import { HASHED_ASSET_MAX_AGE_SECONDS } from './limits';
import { SERVER_TEXT } from './messages';

// The built SPA (contract §1): hashed assets cached for a year, index.html for '/' and every client
// route with the runtime configuration injected, so one build serves both the sandbox and Google.

/** The client routes of spec §2 that the history fallback serves. */
export const CLIENT_ROUTES = ['/', '/index.html', '/licenses', '/forbidden', '/support'] as const;
/** webpack names long-lived assets with a content hash: main.3f9a1c2b.js. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const SANDBOX_AUTHORIZE_PATH = '/sandbox/oauth/authorize';
const HTTP_UNAVAILABLE = 503;

export function portalConfigOf(config: ServerConfig): PortalConfig {
  const sandbox = config.provider === 'sandbox';
  // An emulator's popup (docs/configuration-google.md) speaks the sandbox popup's protocol.
  const popupUrl = sandbox ? SANDBOX_AUTHORIZE_PATH : config.signInPopupUrl;
  return {
    identity:
      popupUrl !== undefined
        ? { kind: 'sandbox', clientId: config.googleClientId, authorizeUrl: popupUrl }
        : { kind: 'google', clientId: config.googleClientId },
    contactUrl: config.contactUrl,
    helpdeskUrl: config.helpdeskUrl,
    supportSiteUrl: config.supportSiteUrl,
    helpCentreUrl: config.helpCentreUrl,
    recording: config.recording,
  };
}

/** Puts the JSON data block before </head>; '<' is escaped so no value can close the script. */
export function injectPortalConfig(html: string, portalConfig: PortalConfig): string {
  const json = JSON.stringify(portalConfig).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${PORTAL_CONFIG_ELEMENT_ID}">${json}</script>`;
  const headEnd = html.indexOf('</head>');
  return headEnd < 0
    ? `${block}${html}`
    : `${html.slice(0, headEnd)}${block}${html.slice(headEnd)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function sendClientMissing(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.code(HTTP_UNAVAILABLE).header('cache-control', 'no-store');
  if (!request.headers.accept?.includes('text/html')) {
    return reply.send(envelope(HTTP_UNAVAILABLE, SERVER_TEXT.clientBuildMissing));
  }
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal not built</title></head>` +
        `<body><h1>Portal not built yet</h1><p>${escapeHtml(SERVER_TEXT.clientBuildMissing)}</p></body></html>`,
    );
}

export async function spaRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.clientDir, 'index.html');
  const portalConfig = portalConfigOf(config);
  let cachedPage: string | null = null;

  // In development webpack rewrites index.html on every build, so it is read per request.
  const readPage = (): string | null => {
    if (cachedPage !== null && !config.development) return cachedPage;
    if (!existsSync(indexFile)) return null;
    cachedPage = injectPortalConfig(readFileSync(indexFile, 'utf8'), portalConfig);
    return cachedPage;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = readPage();
    if (page === null) return sendClientMissing(request, reply);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  };

  for (const route of CLIENT_ROUTES) app.get(route, servePage);

  await app.register(fastifyStatic, {
    root: config.clientDir,
    index: false,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      response.setHeader(
        'cache-control',
        HASHED_ASSET.test(path.basename(filePath))
          ? `public, max-age=${HASHED_ASSET_MAX_AGE_SECONDS}, immutable`
          : 'no-cache',
      );
    },
  });
}
