import type { groupssettings_v1 } from 'googleapis';
import { escapeHtml } from '../../contract/html';
import type { FakeGroupSettings, FakeState } from './dataset';
import { googleError, type FakeAnswer } from './googleErrors';
import type { FakeRequest } from './oauth';

// The Groups Settings API (groupssettings/v1) as its reference and discovery document describe it:
// groups.get, update (PUT) and patch (PATCH) at /groups/v1/groups/{group's address}. Settings are
// strings ('true', 'false', enum names); answers are Atom unless alt=json asks for JSON. Test-only.

export const GROUPS_SETTINGS_SCOPES = ['https://www.googleapis.com/auth/apps.groups.settings'];
const SETTINGS_PATH = /^\/groups\/v1\/groups\/([^/]+)$/;
/** The settings this fake keeps, with the values Google accepts for each. */
const ACCEPTED: Readonly<Record<keyof FakeGroupSettings, readonly string[] | 'text'>> = {
  name: 'text',
  description: 'text',
  allowExternalMembers: ['true', 'false'],
  whoCanJoin: [
    'ANYONE_CAN_JOIN',
    'ALL_IN_DOMAIN_CAN_JOIN',
    'INVITED_CAN_JOIN',
    'CAN_REQUEST_TO_JOIN',
  ],
};

function toGroups(email: string, settings: FakeGroupSettings): groupssettings_v1.Schema$Groups {
  return { kind: 'groupsSettings#groups', email, ...settings };
}

/** The discovery document's default alt=atom: the same resource as an Atom entry. */
function toAtom(resource: groupssettings_v1.Schema$Groups): string {
  const fields = Object.entries(resource)
    .filter(([name]) => name !== 'kind')
    .map(([name, value]) => `<apps:${name}>${escapeHtml(String(value))}</apps:${name}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><entry xmlns="http://www.w3.org/2005/Atom" xmlns:apps="http://schemas.google.com/apps/2006"><id>tag:googleapis.com,2010:apps:groupssettings:GROUP:${escapeHtml(resource.email ?? '')}</id><title>Groups Resource Entry</title>${fields}</entry>`;
}

export function handleGroupsSettings(
  state: FakeState,
  request: FakeRequest,
): FakeAnswer | undefined {
  const { method, path, query, body, holder } = request;
  const match = SETTINGS_PATH.exec(path);
  if (match === null) return undefined;
  if (holder === undefined) return googleError('authError');
  if (!holder.delegated || !holder.scopes.some((s) => GROUPS_SETTINGS_SCOPES.includes(s))) {
    return googleError('insufficientPermissions');
  }
  const email = (match[1] ?? '').toLowerCase();
  const settings = state.groupSettings.get(email);
  if (settings === undefined || !state.groups.has(email)) {
    return googleError('notFound', 'Resource Not Found: groupUniqueId');
  }
  if (method === 'PUT' || method === 'PATCH') {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const changes: Partial<FakeGroupSettings> = {};
    for (const [name, accepted] of Object.entries(ACCEPTED) as [
      keyof FakeGroupSettings,
      readonly string[] | 'text',
    ][]) {
      const value = fields[name];
      if (value === undefined) continue;
      if (typeof value !== 'string' || (accepted !== 'text' && !accepted.includes(value))) {
        return googleError('invalid', `Invalid Value: ${name}`);
      }
      Object.assign(changes, { [name]: value });
    }
    Object.assign(settings, changes);
  } else if (method !== 'GET') {
    return googleError('notFound', `No such Groups Settings API method: ${method}`);
  }
  const resource = toGroups(email, settings);
  if (query.get('alt') === 'json') return { status: 200, body: resource };
  return {
    status: 200,
    body: toAtom(resource),
    headers: { 'content-type': 'application/atom+xml; charset=UTF-8' },
  };
}
