import { NO_RESPONSE } from './httpFailure';
import { TIME_ZONE_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../../contract/api';
import type { ConsoleHttpService, HttpFailure, Query } from './types';

// The one door to the portal API: relative URLs only, JSON both ways, XSRF and the browser's time zone
// on every non-GET (docs/api.md, Conventions).

/** The slice of fetch this service uses, so tests can hand in their own. */
export type FetchLike = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    credentials: 'same-origin';
  },
) => Promise<{ status: number; text(): Promise<string> }>;

export interface HttpServiceOptions {
  fetch?: FetchLike;
  /** Where cookies are read from; document.cookie in the browser. */
  readCookies?: () => string;
  /** The XSRF cookie's name the server chose for this page (__Host-XSRF-TOKEN over https); XSRF-TOKEN by default. */
  xsrfCookie?: string;
  /** The browser's IANA time zone; Intl's by default, '' when it names none. */
  timeZone?: () => string;
}

/** The zone the browser writes dates in, e.g. Europe/Paris; '' where Intl names none. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
}

const SUCCESS_MIN = 200;
const SUCCESS_MAX = 299;

/** Only same-origin paths: a stray absolute URL must never receive the token or the XSRF value. */
export function isRelativeUrl(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Value of one cookie, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** JSON when it parses, the raw text when not, null when empty. */
function parseBody(text: string): unknown {
  if (text.length === 0) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function withQuery(path: string, query?: Query): string {
  if (!query || Object.keys(query).length === 0) return path;
  const search = new URLSearchParams(query).toString();
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** A request as this service sends it: the URL and the options handed to fetch. */
interface PortalRequest {
  url: string;
  init: Parameters<FetchLike>[1];
}

/** How a GET goes out: the query in the URL, JSON asked for, the caller's headers, cookies of this origin. */
function getRequest(
  path: string,
  query?: Query,
  headers: Record<string, string> = {},
): PortalRequest {
  return {
    url: withQuery(path, query),
    init: {
      method: 'GET',
      headers: { Accept: 'application/json', ...headers },
      credentials: 'same-origin',
    },
  };
}

export function createHttpService(options: HttpServiceOptions = {}): ConsoleHttpService {
  const doFetch: FetchLike = options.fetch ?? ((url, init) => window.fetch(url, init));
  const readCookies = options.readCookies ?? (() => document.cookie);
  const xsrfCookie = options.xsrfCookie ?? XSRF_COOKIE;
  const timeZone = options.timeZone ?? browserTimeZone;

  function bodyRequest(method: 'POST' | 'PUT', url: string, body: unknown): PortalRequest {
    const zone = timeZone();
    return {
      url,
      init: {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          [XSRF_HEADER]: readCookie(readCookies(), xsrfCookie) ?? '',
          ...(zone === '' ? {} : { [TIME_ZONE_HEADER]: zone }),
        },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      },
    };
  }

  async function send<T>({ url, init }: PortalRequest): Promise<T> {
    if (!isRelativeUrl(url)) {
      throw new TypeError(`Only relative URLs may be requested, not ${url}`);
    }
    let response: Awaited<ReturnType<FetchLike>>;
    try {
      response = await doFetch(url, init);
    } catch {
      const failure: HttpFailure = { status: NO_RESPONSE, body: null };
      throw failure;
    }
    let text = '';
    try {
      text = await response.text();
    } catch {
      text = '';
    }
    const parsed = parseBody(text);
    if (response.status < SUCCESS_MIN || response.status > SUCCESS_MAX) {
      const failure: HttpFailure = { status: response.status, body: parsed };
      throw failure;
    }
    return parsed as T;
  }

  return {
    get: (path, query, headers = {}) => send(getRequest(path, query, headers)),
    post: (path, body) => send(bodyRequest('POST', path, body)),
    put: (path, body) => send(bodyRequest('PUT', path, body)),
  };
}
