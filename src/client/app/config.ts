import { sessionCookieNames } from '../../contract/api';
import { isJsonObject } from '../../contract/json';
import { PORTAL_CONFIG_ELEMENT_ID, type PortalConfig } from '../../contract/config';

// The runtime configuration the server injects into index.html (docs/api.md, Pages).
export class PortalConfigError extends Error {
  override name = 'PortalConfigError';
}

const URL_FIELDS = ['contactUrl', 'helpdeskUrl', 'supportSiteUrl', 'helpCentreUrl'] as const;

function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new PortalConfigError(`Portal configuration: ${field} must be a non-empty string.`);
  }
  return value;
}

/** Only the two names the server sets (docs/api.md, Conventions): a page never echoes another cookie. */
const XSRF_COOKIE_NAMES: readonly string[] = [true, false].map(
  (secure) => sessionCookieNames(secure).xsrf,
);

function xsrfCookieName(value: unknown): string {
  if (typeof value !== 'string' || !XSRF_COOKIE_NAMES.includes(value)) {
    throw new PortalConfigError(
      `Portal configuration: xsrfCookie must be one of ${XSRF_COOKIE_NAMES.join(', ')}.`,
    );
  }
  return value;
}

/** Checks the shape and returns a clean copy; throws PortalConfigError naming the bad field. */
export function parsePortalConfig(value: unknown): PortalConfig {
  if (!isJsonObject(value))
    throw new PortalConfigError('Portal configuration: expected a JSON object.');
  const identity = value.identity;
  if (!isJsonObject(identity)) {
    throw new PortalConfigError('Portal configuration: identity must be an object.');
  }
  if (identity.kind !== 'google' && identity.kind !== 'sandbox') {
    throw new PortalConfigError(
      'Portal configuration: identity.kind must be "google" or "sandbox".',
    );
  }
  const config: PortalConfig = {
    identity: {
      kind: identity.kind,
      clientId: requireText(identity.clientId, 'identity.clientId'),
    },
    contactUrl: '',
    helpdeskUrl: '',
    supportSiteUrl: '',
    helpCentreUrl: '',
  };
  if (identity.authorizeUrl !== undefined) {
    config.identity.authorizeUrl = requireText(identity.authorizeUrl, 'identity.authorizeUrl');
  }
  for (const field of URL_FIELDS) config[field] = requireText(value[field], field);
  if (value.recording !== undefined) {
    if (typeof value.recording !== 'boolean') {
      throw new PortalConfigError('Portal configuration: recording must be true or false.');
    }
    config.recording = value.recording;
  }
  if (value.xsrfCookie !== undefined) config.xsrfCookie = xsrfCookieName(value.xsrfCookie);
  return config;
}

/** Reads and checks the `<script type="application/json" id="portal-config">` block. */
export function readPortalConfig(doc: Document = document): PortalConfig {
  const element = doc.getElementById(PORTAL_CONFIG_ELEMENT_ID);
  if (!element) {
    throw new PortalConfigError(
      `Portal configuration missing: no <script id="${PORTAL_CONFIG_ELEMENT_ID}"> in the page.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    throw new PortalConfigError(
      `Portal configuration malformed: <script id="${PORTAL_CONFIG_ELEMENT_ID}"> is not valid JSON.`,
    );
  }
  return parsePortalConfig(parsed);
}
