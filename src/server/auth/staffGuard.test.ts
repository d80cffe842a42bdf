import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sessionCookieNames, XSRF_HEADER } from '../../contract/api';
import { errorEnvelope } from '../plugins/errorHandler';
import type { DirectoryUser, PortalProvider } from '../providers/provider';
import { SERVER_TEXT } from '../messages';
import { encodeSession, type AnySession } from './session';
import { guardStaffScope, staffIdentityOf } from './staffGuard';
import type { StaffGroups } from './staffRoles';
import { newXsrfToken, xsrfFingerprint } from './xsrf';

// The console guard on its own: the first staff change route is still to come, so a stand-in change
// route shows what every one will get (docs/security.md, The reseller's console).

const SECRET = 'a-session-secret-of-at-least-32-characters';
const NOW = Date.UTC(2030, 0, 15, 9);
const GROUPS: StaffGroups = {
  admins: 'reseller-admins@sandbox.example',
  support: 'reseller-support@sandbox.example',
};
const names = sessionCookieNames(false);

function person(email: string): DirectoryUser {
  return {
    id: `id-${email}`,
    email,
    isAdmin: false,
    thumbnailPhotoUrl: null,
    customerId: 'R',
    aliases: [],
  };
}

/** The directory and groups of the reseller, as the provider reads them. */
function reseller(members: Record<string, string[]>): PortalProvider {
  return {
    lookupDirectoryUser: async (email: string) => person(email),
    isGroupMember: async (group: string, email: string) => (members[group] ?? []).includes(email),
  } as Partial<PortalProvider> as PortalProvider;
}

async function consoleApp(provider: PortalProvider): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffIdentity', null);
  await app.register(errorEnvelope);
  await app.register(fastifyCookie, { secret: SECRET, hook: 'onRequest' });
  await app.register(async (scope) => {
    guardStaffScope(scope, () => NOW, { isSessionEnded: async () => false }, provider, GROUPS);
    scope.get('/look', async (request) => staffIdentityOf(request));
    scope.post('/change', async (request) => staffIdentityOf(request));
  });
  return app;
}

/** A signed session cookie and its XSRF token, as a sign-in sets them. */
function cookiesOf(
  app: FastifyInstance,
  session: { kind: AnySession['kind']; email: string; sub: string; customerId?: string },
) {
  const xsrf = newXsrfToken();
  const claims = {
    ...session,
    sid: `sid-${session.email}`,
    iat: NOW,
    exp: NOW + 60_000,
    xsrf: xsrfFingerprint(xsrf),
  } as AnySession;
  return {
    headers: {
      cookie: `${names.session}=${app.signCookie(encodeSession(claims))}; ${names.xsrf}=${xsrf}`,
      [XSRF_HEADER]: xsrf,
    },
  };
}

const staff = (email: string) => ({ kind: 'staff' as const, email, sub: `id-${email}` });
const provider = reseller({
  [GROUPS.admins]: ['ops@sandbox.example'],
  [GROUPS.support]: ['desk@sandbox.example'],
});

it('lets reseller admins change and read, with their role', async () => {
  const app = await consoleApp(provider);
  const { headers } = cookiesOf(app, staff('ops@sandbox.example'));
  const change = await app.inject({ method: 'POST', url: '/change', headers, payload: {} });
  expect(change.statusCode).toBe(200);
  expect(change.json()).toEqual({ email: 'ops@sandbox.example', role: 'admin' });
});

it('gives support staff their reads and a 403 on every change', async () => {
  const app = await consoleApp(provider);
  const { headers } = cookiesOf(app, staff('desk@sandbox.example'));
  const look = await app.inject({ method: 'GET', url: '/look', headers });
  expect(look.json()).toEqual({ email: 'desk@sandbox.example', role: 'support' });
  const change = await app.inject({ method: 'POST', url: '/change', headers, payload: {} });
  expect(change.statusCode).toBe(403);
  expect(change.json()).toMatchObject({ error: { message: SERVER_TEXT.staffSupportReadOnly } });
});

it('wants the XSRF token on a change, as the customer routes do', async () => {
  const app = await consoleApp(provider);
  const { headers } = cookiesOf(app, staff('ops@sandbox.example'));
  const change = await app.inject({
    method: 'POST',
    url: '/change',
    headers: { cookie: headers.cookie },
    payload: {},
  });
  expect(change.statusCode).toBe(403);
  expect(change.json()).toMatchObject({ error: { message: SERVER_TEXT.xsrfMissing } });
});

it("refuses a customer's session with 403, and a staff address of another account", async () => {
  const app = await consoleApp(provider);
  const customer = cookiesOf(app, {
    kind: 'customer',
    customerId: 'C0acme001',
    email: 'admin@acme.example',
    sub: 'id-admin@acme.example',
  });
  const refused = await app.inject({ method: 'GET', url: '/look', headers: customer.headers });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toMatchObject({ error: { message: SERVER_TEXT.customerSessionNotStaff } });
  const replaced = cookiesOf(app, { ...staff('ops@sandbox.example'), sub: 'another-account' });
  expect(
    (await app.inject({ method: 'GET', url: '/look', headers: replaced.headers })).statusCode,
  ).toBe(403);
});
