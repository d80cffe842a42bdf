import path from 'node:path';
import { API_PATHS, TOKEN_HEADER } from '../../contract/api';
import { SERVER_TEXT } from '../messages';
import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// The reseller console's sign-in and staff session against a listening sandbox portal: the roles
// from the live staff groups, the 403 for anyone else, and customer and staff sessions kept apart.

const ACME = 'C0acme001';
const signInUrl = (email: string) => `${API_PATHS.staffSignIn}?email=${encodeURIComponent(email)}`;

describe('the staff sign-in', () => {
  const portal = portalForTests();

  it('signs a reseller admin in as admin and keeps the session for the console', async () => {
    const browser = portal.browser();
    const answer = await browser.get(signInUrl('ops@sandbox.example'), {
      [TOKEN_HEADER]: portal.token('ops@sandbox.example'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ email: 'ops@sandbox.example', role: 'admin' });
    const session = await browser.get(API_PATHS.staffSession);
    expect(session.body).toEqual({ email: 'ops@sandbox.example', role: 'admin' });
  });

  it('signs reseller support staff in as support', async () => {
    const desk = await portal.signInStaff('desk@sandbox.example');
    const session = await desk.get(API_PATHS.staffSession);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ email: 'desk@sandbox.example', role: 'support' });
  });

  it('refuses someone of the reseller in neither group with a 403 that says so, and no session', async () => {
    const browser = portal.browser();
    const answer = await browser.get(signInUrl('nobody@sandbox.example'), {
      [TOKEN_HEADER]: portal.token('nobody@sandbox.example'),
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(SERVER_TEXT.notResellerStaff);
    expect(browser.session).toBeUndefined();
  });

  it("refuses a customer's administrator: staff are of the reseller's own domain only", async () => {
    const answer = await portal.browser().get(signInUrl('admin@acme.example'), {
      [TOKEN_HEADER]: portal.token('admin@acme.example'),
    });
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(SERVER_TEXT.notResellerStaff);
  });

  it("refuses someone else's token for a staff address, and a missing one", async () => {
    const borrowed = await portal.browser().get(signInUrl('ops@sandbox.example'), {
      [TOKEN_HEADER]: portal.token('nobody@sandbox.example'),
    });
    expect(borrowed.status).toBe(403);
    expect(errorOf(borrowed).message).toBe(SERVER_TEXT.emailMismatch);
    expect((await portal.browser().get(signInUrl('ops@sandbox.example'))).status).toBe(401);
  });

  it('refuses an account replaced at the same address: the token must be the directory account', async () => {
    const token = portal.token('ops@sandbox.example');
    portal.sandbox.replaceAccount('ops@sandbox.example');
    const answer = await portal.browser().get(signInUrl('ops@sandbox.example'), {
      [TOKEN_HEADER]: token,
    });
    expect(answer.status).toBe(403);
  });
});

/** The reseller's admin takes someone out of a staff group behind the portal's back. */
function leaveGroup(dataDir: string, group: string, email: string): void {
  const db = new (loadSqliteDriver())(path.join(dataDir, 'sandbox.db'));
  try {
    db.prepare('DELETE FROM reseller_group_members WHERE group_email = ? AND member_email = ?').run(
      group,
      email,
    );
  } finally {
    db.close();
  }
}

describe('the staff session', () => {
  const portal = portalForTests();

  it('is refused without a session (401)', async () => {
    expect((await portal.browser().get(API_PATHS.staffSession)).status).toBe(401);
  });

  it('loses the console at once when its holder leaves the group', async () => {
    const ops = await portal.signInStaff('ops@sandbox.example');
    leaveGroup(portal.dataDir, 'reseller-admins@sandbox.example', 'ops@sandbox.example');
    const answer = await ops.get(API_PATHS.staffSession);
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(SERVER_TEXT.notResellerStaff);
  });

  it('ends with sign-out, as a customer session does', async () => {
    const ops = await portal.signInStaff('ops@sandbox.example');
    expect((await ops.post(API_PATHS.signOut, {})).status).toBe(204);
    expect((await ops.get(API_PATHS.staffSession)).status).toBe(401);
  });

  it('cannot act on the customer routes (403)', async () => {
    const ops = await portal.signInStaff('ops@sandbox.example');
    const list = await ops.get(`/api/licence-delegate?customer=${ACME}`);
    expect(list.status).toBe(403);
    expect(errorOf(list).message).toBe(SERVER_TEXT.staffSessionNotCustomer);
    const buy = await ops.post(API_PATHS.addLicence, {
      customerId: ACME,
      subscriptionId: 'sub-acme-001',
      numberOfSeats: 21,
    });
    expect(buy.status).toBe(403);
    expect(errorOf(buy).message).toBe(SERVER_TEXT.staffSessionNotCustomer);
  });
});

describe("a customer's session on the reseller's routes", () => {
  const portal = portalForTests();

  it('gets 403 on the console and on the billing systems’ events', async () => {
    const admin = await portal.signIn('admin@acme.example');
    for (const url of [API_PATHS.staffSession, API_PATHS.resellerEvents]) {
      const answer = await admin.get(url);
      expect(answer.status).toBe(403);
      expect(errorOf(answer).message).toBe(SERVER_TEXT.customerSessionNotStaff);
    }
  });
});
