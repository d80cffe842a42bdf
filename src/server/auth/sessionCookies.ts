import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionCookieNames, type SessionCookieNames } from '../../contract/api';
import type { ServerConfig } from '../config';

// __Host- and Secure over https and in google mode; plain over http, where browsers drop those.

declare module 'fastify' {
  interface FastifyInstance {
    /** Google mode: the cookies are __Host- and Secure even on a request that looks like http. */
    alwaysSecureCookies: boolean;
  }
}

export interface SessionCookies {
  names: SessionCookieNames;
  secure: boolean;
}

/** Google mode always sets the __Host- Secure cookies; the sandbox only over https. */
export function alwaysSecureCookies(config: Pick<ServerConfig, 'provider'>): boolean {
  return config.provider === 'google';
}

/** Set once on the app (app.ts); every route scope inherits it. */
export function decorateCookieSecurity(app: FastifyInstance, config: ServerConfig): void {
  app.decorate('alwaysSecureCookies', alwaysSecureCookies(config));
}

/** Whether a page or answer for this request gets the prefixed, Secure cookies. */
export function usesSecureCookies(alwaysSecure: boolean, request: FastifyRequest): boolean {
  return alwaysSecure || request.protocol === 'https';
}

export function sessionCookiesOf(request: FastifyRequest): SessionCookies {
  const secure = usesSecureCookies(request.server.alwaysSecureCookies, request);
  return { names: sessionCookieNames(secure), secure };
}
