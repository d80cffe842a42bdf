import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { ServerConfig } from '../config';

// Security headers (docs/api.md, Security headers): a Content-Security-Policy that allows what the SPA and
// Google Identity Services need and nothing more. No 'unsafe-eval' anywhere.

const GOOGLE_SIGN_IN_SCRIPT = 'https://accounts.google.com/gsi/client';
const GOOGLE_SIGN_IN_STYLE = 'https://accounts.google.com/gsi/style';
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
/** Where GIS's google.accounts.oauth2.revoke sends the token when a person signs out. */
const GOOGLE_TOKEN_REVOKE = 'https://oauth2.googleapis.com/revoke';

/** The origin of an absolute URL; null for a path on this server (covered by 'self'). */
function originOf(url: string): string | null {
  if (url.startsWith('/')) return null;
  return new URL(url).origin;
}

export function contentSecurityDirectives(config: ServerConfig): Record<string, string[]> {
  const google = config.provider === 'google';
  const onlyForGoogle = (...sources: string[]) => (google ? sources : []);
  const supportSiteOrigin = originOf(config.supportSiteUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...onlyForGoogle(GOOGLE_SIGN_IN_SCRIPT)],
    // antd styles components with CSS-in-JS (<style> tags) and inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'", ...onlyForGoogle(GOOGLE_SIGN_IN_STYLE)],
    // Directory photos are served by the portal itself (GET /api/photo, docs/api.md) in both modes.
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...onlyForGoogle(GOOGLE_SIGN_IN, GOOGLE_TOKEN_REVOKE)],
    frameSrc: [
      "'self'",
      ...(supportSiteOrigin === null ? [] : [supportSiteOrigin]),
      ...onlyForGoogle(GOOGLE_SIGN_IN),
    ],
    // The sandbox's stand-in support site overrides this for itself so /support can frame it.
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

export function helmetOptions(config: ServerConfig): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // The sign-in popup (Google's or the sandbox's) posts its answer back through window.opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}
