import path from 'node:path';
import { SESSION_COOKIE, XSRF_COOKIE } from '../../contract/api';
import { ERROR_TEXT } from '../../contract/errors';
import { SESSION_LIFETIME_MS } from '../../contract/limits';
import type { SubscriptionInfo } from '../../contract/subscription';
import { loadSqliteDriver } from '../providers/sandbox/sqliteDriver';
import { errorOf, portalForTests } from '../../testing/server/portalHarness';

// POST /api/add-licence, the delegate endpoints, sessions and XSRF, against a listening portal.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const ACME_MAXIMUM = 50;

const portal = portalForTests();

async function acmeSeats(): Promise<number> {
  const subscription = await portal.sandbox.provider.findWorkspaceSubscription(ACME.customerId);
  return subscription?.numberOfSeats ?? Number.NaN;
}

describe('POST /api/add-licence', () => {
  it('sets the new total, answers the subscription and writes one audit record', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
      ...ACME,
      numberOfSeats: 25,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.subscription).toMatchObject({
      ...ACME,
      numberOfSeats: 25,
      isAdmin: true,
      isAnnual: true,
    });
    expect(await acmeSeats()).toBe(25);
    const records = portal.logs.filter((line) => line.audit === true);
    expect(records).toEqual([
      expect.objectContaining({
        actor: 'admin@acme.example',
        customerId: ACME.customerId,
        action: 'licence.add',
        before: { subscriptionId: ACME.subscriptionId, numberOfSeats: 20 },
        after: { subscriptionId: ACME.subscriptionId, numberOfSeats: 25 },
        at: '2030-01-15T09:00:00.000Z',
      }),
    ]);
  });

  it('lets a licence delegate add licences', async () => {
    const delegate = await portal.signIn('licences@acme.example');
    const answer = await delegate.post('/api/add-licence', { ...ACME, numberOfSeats: 21 });
    expect(answer.status).toBe(200);
    expect(await acmeSeats()).toBe(21);
  });

  it.each([
    ['a negative total', { ...ACME, numberOfSeats: -3 }, /numberOfSeats/],
    ['a fractional total', { ...ACME, numberOfSeats: 21.5 }, /numberOfSeats' must be an integer/],
    ['a huge total', { ...ACME, numberOfSeats: 1e21 }, /numberOfSeats/],
    ['a string total', { ...ACME, numberOfSeats: '22' }, /numberOfSeats' must be an integer/],
    ['a zero total', { ...ACME, numberOfSeats: 0 }, /numberOfSeats/],
    ['a total equal to the current one', { ...ACME, numberOfSeats: 20 }, /above the current total/],
    ['a total below the current one', { ...ACME, numberOfSeats: 19 }, /above the current total/],
    ['a total above the maximum', { ...ACME, numberOfSeats: ACME_MAXIMUM + 1 }, /maximum of 50/],
    ['a missing field', { customerId: ACME.customerId, numberOfSeats: 22 }, /'subscriptionId'/],
    ['an unknown field', { ...ACME, numberOfSeats: 22, coupon: 'FREE' }, /Unknown field 'coupon'/],
    ['a number as customerId', { ...ACME, customerId: 7, numberOfSeats: 22 }, /customerId/],
    ['a list instead of an object', [ACME], /request body must be a JSON object/],
    ['null', null, /request body must be a JSON object/],
  ])('refuses %s with 400 and a readable message', async (_case, body, message) => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(errorOf(answer).message).toMatch(message);
    expect(await acmeSeats()).toBe(20);
  });

  it('refuses a Flexible plan with 400', async () => {
    const flexAdmin = await portal.signIn('admin@flex.example');
    const answer = await flexAdmin.post('/api/add-licence', {
      customerId: 'C0flex001',
      subscriptionId: 'sub-flex-001',
      numberOfSeats: 11,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toMatch(/annual plan/);
  });

  it.each([
    ['malformed JSON', '{"customerId": "C0acme001",', 'application/json', 400],
    ['an empty body', '', 'application/json', 400],
    ['a text body', 'numberOfSeats=22', 'text/plain', 415],
  ])('refuses %s without a 5xx', async (_case, raw, contentType, status) => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', undefined, { raw, contentType });
    expect(answer.status).toBe(status);
    expect(errorOf(answer).code).toBe(status);
    expect(errorOf(answer).message).not.toMatch(/at .*\.js/);
  });

  it('refuses an oversized body with 413 in the envelope', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', {
      ...ACME,
      numberOfSeats: 22,
      padding: 'x'.repeat(20_000),
    });
    expect(answer.status).toBe(413);
    expect(errorOf(answer)).toMatchObject({ code: 413, status: 'PAYLOAD_TOO_LARGE' });
  });

  it('never loses an add when two run at the same time', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const delegate = await portal.signIn('licences@acme.example');
    const answers = await Promise.all([
      admin.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
        ...ACME,
        numberOfSeats: 22,
      }),
      delegate.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
        ...ACME,
        numberOfSeats: 23,
      }),
    ]);
    const succeeded = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect([400, 409]).toContain(answer.status);
      expect(errorOf(answer).message.length).toBeGreaterThan(0);
    }
    // The stored total is the one the last acknowledged add answered: nothing acknowledged is lost.
    const totals = succeeded.map((answer) => answer.body.subscription.numberOfSeats);
    expect(await acmeSeats()).toBe(Math.max(...totals));
  });
});

describe('sessions and XSRF on mutating calls', () => {
  const addTwo = { ...ACME, numberOfSeats: 22 };

  it('refuses a call without a session with the contract 401', async () => {
    const answer = await portal.browser().post('/api/add-licence', addTwo, { xsrf: 'anything' });
    expect(answer.status).toBe(401);
    expect(errorOf(answer).message).toBe(ERROR_TEXT.unauthenticated);
  });

  it('refuses a missing X-XSRF-TOKEN header with 403', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', addTwo, { xsrf: null });
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toMatchObject({ status: 'PERMISSION_DENIED', message: /X-XSRF-TOKEN/ });
    expect(await acmeSeats()).toBe(20);
  });

  it('refuses a wrong X-XSRF-TOKEN header with 403', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/add-licence', addTwo, { xsrf: 'guessed-token' });
    expect(answer.status).toBe(403);
  });

  it("refuses another session's XSRF token even when cookie and header agree", async () => {
    const admin = await portal.signIn('admin@acme.example');
    const other = await portal.signIn('admin@acme.example');
    admin.cookies.set(XSRF_COOKIE, other.cookies.get(XSRF_COOKIE) ?? '');
    const answer = await admin.post('/api/add-licence', addTwo);
    expect(answer.status).toBe(403);
  });

  it('refuses a tampered session cookie with 401', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const [payload, signature] = (admin.session ?? '').split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, customerId: 'C0flex001' })).toString(
      'base64url',
    );
    admin.cookies.set(SESSION_COOKIE, `${forged}.${signature ?? ''}`);
    const answer = await admin.post('/api/add-licence', addTwo);
    expect(answer.status).toBe(401);
    expect(errorOf(answer).message).toBe(ERROR_TEXT.unauthenticated);
  });

  it('ends the session after 59 minutes', async () => {
    const admin = await portal.signIn('admin@acme.example');
    portal.clock.advance(SESSION_LIFETIME_MS - 1);
    expect((await admin.get('/api/licence-delegate?customer=C0acme001')).status).toBe(200);
    portal.clock.advance(1);
    const read = await admin.get('/api/licence-delegate?customer=C0acme001');
    expect(read.status).toBe(401);
    expect(errorOf(read).message).toBe(ERROR_TEXT.unauthenticated);
    expect((await admin.post('/api/add-licence', addTwo)).status).toBe(401);
  });

  it('takes a removed delegate’s access away at once', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const delegate = await portal.signIn('licences@acme.example');
    const removed = await admin.post('/api/licence-delegate', {
      email: 'licences@acme.example',
      customerId: ACME.customerId,
      action: 'delete',
    });
    expect(removed.status).toBe(200);
    const answer = await delegate.post('/api/add-licence', addTwo);
    expect(answer.status).toBe(403);
    expect(await acmeSeats()).toBe(20);
  });
});

/** Another admin changes the directory behind the portal's back (a second connection to the file). */
function changeDirectory(email: string, ...statements: string[]): void {
  const Database = loadSqliteDriver();
  const db = new Database(path.join(portal.dataDir, 'sandbox.db'));
  try {
    for (const sql of statements) db.prepare(sql).run(email);
  } finally {
    db.close();
  }
}

describe('roles are read live on every call', () => {
  const addTwo = { ...ACME, numberOfSeats: 22 };
  const delegateChange = { email: 'new@acme.example', customerId: ACME.customerId, action: 'add' };

  it('takes a demoted admin’s delegate management away at once', async () => {
    const admin = await portal.signIn('admin@acme.example');
    changeDirectory(
      'admin@acme.example',
      'UPDATE directory_users SET is_admin = 0 WHERE email = ?',
    );
    const read = await admin.get(`/api/licence-delegate?customer=${ACME.customerId}`);
    expect(read.status).toBe(403);
    const change = await admin.post('/api/support-delegate', delegateChange);
    expect(change.status).toBe(403);
    expect(errorOf(change)).toMatchObject({ status: 'PERMISSION_DENIED' });
    const licences = await admin.post('/api/add-licence', addTwo);
    expect(licences.status).toBe(403);
    expect(await acmeSeats()).toBe(20);
    expect(await portal.sandbox.provider.listDelegates('support', ACME.customerId)).toEqual([
      'support@acme.example',
    ]);
  });

  it('refuses someone removed from the directory at once', async () => {
    const delegate = await portal.signIn('licences@acme.example');
    changeDirectory(
      'licences@acme.example',
      'DELETE FROM tokens WHERE email = ?',
      'DELETE FROM directory_users WHERE email = ?',
    );
    const answer = await delegate.post('/api/add-licence', addTwo);
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toMatch(/no longer in the directory/);
    expect(await acmeSeats()).toBe(20);
  });
});

describe('delegate lists', () => {
  const change = (email: string, action: string) => ({
    email,
    customerId: ACME.customerId,
    action,
  });

  it.each([
    ['licence', '/api/licence-delegate', 'licences@acme.example'],
    ['support', '/api/support-delegate', 'support@acme.example'],
  ])(
    '%s: lists, adds sorted, refuses a duplicate, deletes, refuses an absent one',
    async (kind, url, seeded) => {
      const admin = await portal.signIn('admin@acme.example');
      const listed = await admin.get(`${url}?customer=${ACME.customerId}`);
      expect(listed.body).toEqual({ members: [seeded] });

      const added = await admin.post(url, change('Aaron@acme.example', 'add'));
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ members: ['aaron@acme.example', seeded] });

      const duplicate = await admin.post(url, change('aaron@acme.example', 'add'));
      expect(duplicate.status).toBe(409);
      expect(errorOf(duplicate)).toMatchObject({
        status: 'ALREADY_EXISTS',
        message: 'Member already exists.',
      });

      const deleted = await admin.post(url, change('aaron@acme.example', 'delete'));
      expect(deleted.body).toEqual({ members: [seeded] });

      const absent = await admin.post(url, change('aaron@acme.example', 'delete'));
      expect(absent.status).toBe(404);
      expect(errorOf(absent)).toMatchObject({
        status: 'NOT_FOUND',
        message: 'Resource Not Found: memberKey',
      });

      const records = portal.logs.filter((line) => line.audit === true);
      expect(records.map((record) => record.action)).toEqual([
        `${kind}-delegate.add`,
        `${kind}-delegate.delete`,
      ]);
      expect(records[0]).toMatchObject({
        actor: 'admin@acme.example',
        customerId: ACME.customerId,
        before: [seeded],
        after: ['aaron@acme.example', seeded],
      });
    },
  );

  it.each([
    ['an invalid e-mail', change('not-an-address', 'add'), /valid e-mail/],
    ['an e-mail with a space', change('a b@acme.example', 'add'), /valid e-mail/],
    [
      'an e-mail with a zero-width space',
      change('admin\u200b@acme.example', 'add'),
      /valid e-mail/,
    ],
    ['an e-mail with a bidi override', change('admin\u202e@acme.example', 'add'), /valid e-mail/],
    ['an e-mail with markup', change('<script>alert(1)</script>@x.io', 'add'), /valid e-mail/],
    [
      'an unknown action',
      change('new@acme.example', 'promote'),
      /'action' must be one of: add, delete/,
    ],
    ['a missing action', { email: 'new@acme.example', customerId: ACME.customerId }, /'action'/],
    [
      'an unknown field',
      { ...change('new@acme.example', 'add'), role: 'admin' },
      /Unknown field 'role'/,
    ],
  ])('refuses %s with 400', async (_case, body, message) => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/licence-delegate', body);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toMatch(message);
    expect(await portal.sandbox.provider.listDelegates('licence', ACME.customerId)).toEqual([
      'licences@acme.example',
    ]);
  });

  it('still deletes an entry stored before the rule refused invisible characters', async () => {
    const stored = 'admin\u200b@acme.example';
    changeDirectory(
      stored,
      `INSERT INTO delegates (kind, customer_id, email) VALUES ('licence', '${ACME.customerId}', ?)`,
    );
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.post('/api/licence-delegate', change(stored, 'delete'));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ members: ['licences@acme.example'] });
  });
});

describe('a restart', () => {
  it('keeps every acknowledged change', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect((await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 30 })).status).toBe(200);
    const delegateChange = {
      email: 'kept@acme.example',
      customerId: ACME.customerId,
      action: 'add',
    };
    expect((await admin.post('/api/support-delegate', delegateChange)).status).toBe(200);
    await portal.restart();
    const again = await portal.signIn('admin@acme.example');
    expect(await acmeSeats()).toBe(30);
    const support = await again.get(`/api/support-delegate?customer=${ACME.customerId}`);
    expect(support.body).toEqual({ members: ['kept@acme.example', 'support@acme.example'] });
  });
});
