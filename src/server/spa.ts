import { PAGE_PATHS } from '../contract/pages';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieNames } from '../contract/api';
import { escapeHtml } from '../contract/html';
import { PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../contract/config';
import { DASHBOARD_PAGE_FILE, PRERENDERED_HOME_FILE } from '../contract/prerender';
import { alwaysSecureCookies, usesSecureCookies } from './auth/sessionCookies';
import type { ServerConfig } from './config';
import { envelope } from './plugins/errorHandler';
import { HASHED_ASSET_MAX_AGE_SECONDS } from './limits';
import { SERVER_TEXT } from './messages';
import { preferredContentCoding } from './contentCoding';

// The built SPA (docs/api.md, Pages): hashed assets cached for a year, index.html for '/' and every client
// route with the runtime configuration injected, so one build serves both the sandbox and Google.
// Everything goes out compressed when the client accepts it (docs/performance.md): the build writes
// .br and .gz beside each asset, and each page is compressed once, at start-up.

/** The page's codings, brotli first; a bare '*' earns gzip, which every client decodes. */
const PAGE_CODINGS = ['br', 'gzip'] as const;
const WILDCARD_PAGE_CODING = 'gzip';

/** The client routes of docs/behaviour.md 2 that the history fallback serves. */
export const CLIENT_ROUTES = [
  PAGE_PATHS.home,
  '/index.html',
  PAGE_PATHS.licences,
  PAGE_PATHS.forbidden,
  PAGE_PATHS.support,
  PAGE_PATHS.reseller,
] as const;
/** webpack names long-lived assets with a content hash: main.3f9a1c2b.js (or its .br / .gz). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;
/** Files the build also writes compressed; the answer then depends on Accept-Encoding. */
const COMPRESSIBLE_ASSET = /\.(js|css|svg|html|json|txt)(\.br|\.gz)?$/i;
const SOURCE_MAP = /\.map$/i;
const SANDBOX_AUTHORIZE_PATH = '/sandbox/oauth/authorize';
const HTTP_UNAVAILABLE = 503;

export function portalConfigOf(
  config: ServerConfig,
  secureCookies = alwaysSecureCookies(config),
): PortalConfig {
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
    // The client echoes the XSRF cookie of the name this page's answers set (docs/security.md).
    xsrfCookie: sessionCookieNames(secureCookies).xsrf,
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

/** The page as sent: plain, brotli and gzip, compressed once. */
interface CompressedPage {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressPage(html: string): CompressedPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
  };
}

/** The best encoding of the page the client accepts (brotli, then gzip), or none. */
function pageEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  return preferredContentCoding(
    request.headers['accept-encoding'],
    PAGE_CODINGS,
    WILDCARD_PAGE_CODING,
  );
}

/**
 * The plain home page, '/' or '/index.html' without a query, gets the build's pre-rendered home
 * (docs/performance.md); a query can change what the home page shows, and other routes show other pages.
 */
export function servesPrerenderedHome(url: string): boolean {
  return url === PAGE_PATHS.home || url === '/index.html';
}

export async function spaRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const startUpCookies = alwaysSecureCookies(config);

  /** A page with its runtime configuration, compressed once per kind of cookie when needed. */
  const pageReader = (fileName: string) => {
    const file = path.join(config.clientDir, fileName);
    const cached = new Map<boolean, CompressedPage>();
    // In development webpack rewrites index.html on every build, so it is read per request.
    return (secure: boolean = startUpCookies): CompressedPage | null => {
      const known = cached.get(secure);
      if (known !== undefined && !config.development) return known;
      if (!existsSync(file)) return null;
      const portalConfig = portalConfigOf(config, secure);
      const page = compressPage(injectPortalConfig(readFileSync(file, 'utf8'), portalConfig));
      cached.set(secure, page);
      return page;
    };
  };
  const readIndex = pageReader('index.html');
  // Development builds write neither the pre-rendered home nor the dashboard's page; index.html serves then.
  const readPrerenderedHome = pageReader(PRERENDERED_HOME_FILE);
  const readDashboardPage = pageReader(DASHBOARD_PAGE_FILE);
  // Compressing a page at the highest brotli level takes about half a second for index.html with its
  // inline styles: done at start-up, not on the first visitor's request.
  if (!config.development) {
    readIndex();
    readPrerenderedHome();
    readDashboardPage();
  }

  /** The page of the build made for this route, if there is one (docs/performance.md). */
  const ownPage = (request: FastifyRequest, secure: boolean): CompressedPage | null => {
    if (servesPrerenderedHome(request.url)) return readPrerenderedHome(secure);
    if (request.routeOptions.url === PAGE_PATHS.licences) return readDashboardPage(secure);
    return null;
  };

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const secure = usesSecureCookies(alwaysSecureCookies(config), request);
    const page = ownPage(request, secure) ?? readIndex(secure);
    if (page === null) return sendClientMissing(request, reply);
    const encoding = pageEncoding(request);
    reply
      .header('cache-control', 'no-store')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding === null) return reply.send(page.identity);
    return reply.header('content-encoding', encoding).send(page[encoding]);
  };

  for (const route of CLIENT_ROUTES) app.get(route, servePage);

  await app.register(fastifyStatic, {
    root: config.clientDir,
    index: false,
    cacheControl: false,
    // Brotli or gzip files beside each asset, chosen by the client's Accept-Encoding.
    preCompressed: true,
    // Source maps show the client's source to anyone; they are for debugging sessions only.
    // The pre-rendered home and the dashboard's page are pages, sent with their configuration by the
    // routes above only.
    allowedPath: (pathName) =>
      !pathName.startsWith(`/${PRERENDERED_HOME_FILE}`) &&
      !pathName.startsWith(`/${DASHBOARD_PAGE_FILE}`) &&
      (config.serveSourceMaps || !SOURCE_MAP.test(pathName)),
    setHeaders: (response, filePath) => {
      const name = path.basename(filePath);
      response.setHeader(
        'cache-control',
        HASHED_ASSET.test(name)
          ? `public, max-age=${HASHED_ASSET_MAX_AGE_SECONDS}, immutable`
          : 'no-cache',
      );
      if (COMPRESSIBLE_ASSET.test(name)) response.setHeader('vary', 'accept-encoding');
    },
  });
}
