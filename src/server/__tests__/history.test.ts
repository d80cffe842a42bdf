import type { HistoryEntry, HistoryPage } from '../../contract/history';
import type { SubscriptionInfo } from '../../contract/subscription';
import { seatsKey } from '../history/changeKeys';
import { DEFAULT_PURCHASE_GRACE_MS } from '../limits';
import { SANDBOX_PRICE_VERSION } from '../../testing/sampleAnswers';
import { errorOf, portalForTests, type Browser } from '../../testing/server/portalHarness';

// GET /api/history against a listening portal: every licence add and delegate change recorded with
// who, when, what and the request id; who may see what; pages; and entries a crashed process left
// pending, settled from the provider's state.

const ACME = { customerId: 'C0acme001', subscriptionId: 'sub-acme-001' };
const MINUTE = 60_000;
const historyUrl = (query = '') => `/api/history?customer=${ACME.customerId}${query}`;

const portal = portalForTests();

async function entriesOf(browser: Browser, query = ''): Promise<HistoryEntry[]> {
  const answer = await browser.get<HistoryPage>(historyUrl(query));
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

function delegateChange(email: string, action: 'add' | 'delete') {
  return { email, customerId: ACME.customerId, action };
}

async function acmeSeats(): Promise<number> {
  const subscription = await portal.sandbox.provider.findWorkspaceSubscription(ACME.customerId);
  return subscription?.numberOfSeats ?? Number.NaN;
}

/** What a process that died after writing its intent leaves behind. */
function deadIntent(before: number, after: number) {
  return portal.store.recordIntent({
    customerId: ACME.customerId,
    actor: 'licences@acme.example',
    requestId: 'request-of-a-dead-process',
    at: portal.clock.now,
    change: { kind: 'licences', subscriptionId: ACME.subscriptionId, before, after },
  });
}

describe('what the history records', () => {
  it('lists licence adds and delegate changes, newest first, with who, when and the request id', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const added = await admin.post<{ subscription: SubscriptionInfo }>('/api/add-licence', {
      ...ACME,
      numberOfSeats: 25,
    });
    expect(added.status).toBe(200);
    portal.clock.advance(MINUTE);
    const granted = await admin.post(
      '/api/licence-delegate',
      delegateChange('X@acme.example', 'add'),
    );
    portal.clock.advance(MINUTE);
    const revoked = await admin.post(
      '/api/support-delegate',
      delegateChange('support@acme.example', 'delete'),
    );

    const entries = await entriesOf(admin);
    expect(entries).toEqual([
      {
        id: expect.any(String),
        at: '2030-01-15T09:02:00.000Z',
        actor: 'admin@acme.example',
        requestId: revoked.headers.get('x-request-id'),
        state: 'done',
        kind: 'support-delegate',
        action: 'delete',
        member: 'support@acme.example',
      },
      {
        id: expect.any(String),
        at: '2030-01-15T09:01:00.000Z',
        actor: 'admin@acme.example',
        requestId: granted.headers.get('x-request-id'),
        state: 'done',
        kind: 'licence-delegate',
        action: 'add',
        member: 'x@acme.example',
      },
      {
        id: expect.any(String),
        at: '2030-01-15T09:00:00.000Z',
        actor: 'admin@acme.example',
        requestId: added.headers.get('x-request-id'),
        state: 'done',
        kind: 'licences',
        before: 20,
        after: 25,
        // The charge as quoted (docs/api.md, Money): bought after ACME's term ended, nothing is due now.
        charge: {
          currency: 'EUR',
          unitPriceMinor: 1440,
          seats: 5,
          period: 'month',
          amountMinor: 0,
          termEnd: '2027-03-31',
          priceVersion: SANDBOX_PRICE_VERSION,
        },
      },
    ]);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(3);
    // The audit log lines stay beside the history.
    expect(portal.logs.filter((line) => line.audit === true)).toHaveLength(3);
  });

  it('lists nothing for refused changes: rules, provider refusals and forbidden callers', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const support = await portal.signIn('support@acme.example');
    expect((await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 51 })).status).toBe(400);
    expect((await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 20 })).status).toBe(400);
    const duplicate = await admin.post(
      '/api/licence-delegate',
      delegateChange('licences@acme.example', 'add'),
    );
    expect(duplicate.status).toBe(409);
    const absent = await admin.post(
      '/api/support-delegate',
      delegateChange('nobody@acme.example', 'delete'),
    );
    expect(absent.status).toBe(404);
    expect((await support.post('/api/add-licence', { ...ACME, numberOfSeats: 21 })).status).toBe(
      403,
    );
    expect(await entriesOf(admin)).toEqual([]);
    // The provider's refusals were recorded as intents and marked failed, not left pending.
    expect(await portal.store.pendingChanges(ACME.customerId)).toEqual([]);
  });

  it('keeps the history across a restart', async () => {
    const admin = await portal.signIn('admin@acme.example');
    expect((await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 22 })).status).toBe(200);
    await portal.restart();
    const again = await portal.signIn('admin@acme.example');
    expect(await entriesOf(again)).toMatchObject([{ kind: 'licences', before: 20, after: 22 }]);
  });
});

describe('who sees what', () => {
  async function changeEverything(): Promise<void> {
    const admin = await portal.signIn('admin@acme.example');
    await admin.post('/api/add-licence', { ...ACME, numberOfSeats: 21 });
    await admin.post('/api/support-delegate', delegateChange('new@acme.example', 'add'));
  }

  it('shows a licence delegate the licence adds only', async () => {
    await changeEverything();
    const delegate = await portal.signIn('licences@acme.example');
    expect((await entriesOf(delegate)).map((entry) => entry.kind)).toEqual(['licences']);
    expect((await entriesOf(delegate, '&kind=licences')).map((entry) => entry.kind)).toEqual([
      'licences',
    ]);
    const asked = await delegate.get(historyUrl('&kind=support-delegate'));
    expect(asked.status).toBe(403);
    expect(errorOf(asked)).toEqual({
      code: 403,
      status: 'PERMISSION_DENIED',
      message:
        'A licence delegate sees the licence adds only; delegate changes are for administrators.',
    });
  });

  it.each(['support@acme.example', 'staff@acme.example'])('refuses %s with 403', async (email) => {
    await changeEverything();
    const browser = await portal.signIn(email);
    const answer = await browser.get(historyUrl());
    expect(answer.status).toBe(403);
    expect(errorOf(answer).message).toBe(
      'Only an administrator or a licence delegate can see the change history.',
    );
  });

  it('refuses another customer, and an anonymous caller', async () => {
    await changeEverything();
    const flexAdmin = await portal.signIn('admin@flex.example');
    const foreign = await flexAdmin.get(historyUrl());
    expect(foreign.status).toBe(403);
    expect(errorOf(foreign).message).toBe(
      'You can only see and change the subscription of your own organisation.',
    );
    const own = await flexAdmin.get<HistoryPage>('/api/history?customer=C0flex001');
    expect(own.body).toEqual({ entries: [], nextCursor: null });
    expect((await portal.browser().get(historyUrl())).status).toBe(401);
  });

  it('filters an admin’s history by kind', async () => {
    await changeEverything();
    const admin = await portal.signIn('admin@acme.example');
    expect((await entriesOf(admin, '&kind=support-delegate')).map((e) => e.kind)).toEqual([
      'support-delegate',
    ]);
    expect(await entriesOf(admin, '&kind=licence-delegate')).toEqual([]);
  });
});

describe('pages', () => {
  it('walks every entry once, newest first, with a cursor', async () => {
    const admin = await portal.signIn('admin@acme.example');
    for (let total = 21; total <= 25; total += 1) {
      const answer = await admin.post('/api/add-licence', { ...ACME, numberOfSeats: total });
      expect(answer.status).toBe(200);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const query: string = `&limit=2${cursor === null ? '' : `&cursor=${cursor}`}`;
      const page: { body: HistoryPage } = await admin.get<HistoryPage>(historyUrl(query));
      sizes.push(page.body.entries.length);
      for (const entry of page.body.entries) {
        if (entry.kind === 'licences') seen.push(entry.after);
      }
      cursor = page.body.nextCursor;
    } while (cursor !== null && sizes.length < 10);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([25, 24, 23, 22, 21]);
    expect((await entriesOf(admin)).length).toBe(5);
  });

  it.each([
    ['a limit that is not a number', '&limit=ten', "Field 'limit' must be an integer."],
    ['a fractional limit', '&limit=2.5', "Field 'limit' must be an integer."],
    ['a zero limit', '&limit=0', "Field 'limit' must be at least 1."],
    ['a limit above 100', '&limit=101', "Field 'limit' must be at most 100."],
    [
      'a made-up cursor',
      '&cursor=abc',
      'The cursor is not one this server gave; leave it out to start from the newest change.',
    ],
    [
      'an unknown kind',
      '&kind=everything',
      "Field 'kind' must be one of: licences, licence-delegate, support-delegate.",
    ],
    ['an unknown field', '&sort=oldest', "Unknown field 'sort' in the query."],
  ])('refuses %s with 400', async (_case, query, message) => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.get(historyUrl(query));
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 400, status: 'INVALID_ARGUMENT', message });
  });

  it('needs the customer', async () => {
    const admin = await portal.signIn('admin@acme.example');
    const answer = await admin.get('/api/history');
    expect(errorOf(answer).message).toBe("Missing required field 'customer' in the query.");
  });
});

describe('entries a crashed process left pending', () => {
  it('are done when the provider shows the change, and unconfirmed, then not made, when it does not', async () => {
    const applied = await deadIntent(20, 24);
    await portal.sandbox.provider.changeSeats(ACME.customerId, ACME.subscriptionId, 24);
    const admin = await portal.signIn('admin@acme.example');
    // Reading the history settles nothing (docs/api.md, GET /api/history): the worker's pass does.
    expect((await entriesOf(admin)).map((entry) => entry.state)).toEqual(['pending']);
    expect(await portal.settle()).toBe(1);
    const entries = await entriesOf(admin);
    expect(entries).toEqual([
      expect.objectContaining({
        id: String(applied),
        kind: 'licences',
        before: 20,
        after: 24,
        state: 'done',
        requestId: 'request-of-a-dead-process',
      }),
    ]);

    // Google may still apply it: listed as unconfirmed until the grace period has passed.
    const lost = await deadIntent(24, 30);
    await portal.settle();
    expect((await entriesOf(admin)).map((entry) => [entry.id, entry.state])).toEqual([
      [String(lost), 'unconfirmed'],
      [String(applied), 'done'],
    ]);
    portal.clock.advance(DEFAULT_PURCHASE_GRACE_MS);
    await portal.settle();
    expect((await entriesOf(admin)).map((entry) => [entry.id, entry.state])).toEqual([
      [String(lost), 'not-made'],
      [String(applied), 'done'],
    ]);
    expect(await portal.store.pendingChanges(ACME.customerId)).toEqual([]);
  });

  it('settle delegate changes from the member lists', async () => {
    const intent = (member: string, action: 'add' | 'delete') =>
      portal.store.recordIntent({
        customerId: ACME.customerId,
        actor: 'admin@acme.example',
        requestId: `dead-${member}`,
        at: portal.clock.now,
        change: { kind: 'licence-delegate', action, member, before: [], after: null },
      });
    await intent('made@acme.example', 'add');
    await portal.sandbox.provider.addDelegate('licence', ACME.customerId, 'made@acme.example');
    await intent('never@acme.example', 'add');
    await intent('licences@acme.example', 'delete');
    const admin = await portal.signIn('admin@acme.example');
    await portal.settle();
    expect((await entriesOf(admin)).map((entry) => entry.requestId)).toEqual([
      'dead-made@acme.example',
    ]);
  });

  it('are settled before the next change to the same subscription, so later changes never hide them', async () => {
    await deadIntent(20, 23);
    await portal.sandbox.provider.changeSeats(ACME.customerId, ACME.subscriptionId, 23);
    const delegate = await portal.signIn('licences@acme.example');
    const next = await delegate.post('/api/add-licence', {
      ...ACME,
      numberOfSeats: 25,
      expectedNumberOfSeats: 23,
    });
    expect(next.status).toBe(200);
    expect(
      (await entriesOf(delegate)).map((entry) =>
        entry.kind === 'licences' ? [entry.before, entry.after, entry.state] : [],
      ),
    ).toEqual([
      [23, 25, 'done'],
      [20, 23, 'done'],
    ]);
  });

  it('are settled before the next change to the same delegate list, with their audit line', async () => {
    await portal.store.recordIntent({
      customerId: ACME.customerId,
      actor: 'admin@acme.example',
      requestId: 'request-of-a-dead-process',
      at: portal.clock.now,
      change: {
        kind: 'licence-delegate',
        action: 'add',
        member: 'made@acme.example',
        before: [],
        after: null,
      },
    });
    await portal.sandbox.provider.addDelegate('licence', ACME.customerId, 'made@acme.example');
    const admin = await portal.signIn('admin@acme.example');
    const next = await admin.post(
      '/api/licence-delegate',
      delegateChange('next@acme.example', 'add'),
    );
    expect(next.status).toBe(200);
    expect(await portal.store.pendingChanges(ACME.customerId)).toEqual([]);
    // Every outcome decided later writes its audit line, with the original request (docs/api.md, Logs).
    expect(
      portal.logs
        .filter((line) => line.audit === true)
        .map((line) => [line.action, line.outcome, line.requestId]),
    ).toEqual([
      ['licence-delegate.add', 'done', 'request-of-a-dead-process'],
      ['licence-delegate.add', undefined, undefined],
    ]);
  });

  it('stay pending while their change is still in flight', async () => {
    const id = await deadIntent(20, 21);
    const admin = await portal.signIn('admin@acme.example');
    let release = () => {};
    const inFlight = portal.store.exclusive(seatsKey(ACME.customerId), () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => portal.sandbox.provider.changeSeats(ACME.customerId, ACME.subscriptionId, 21)),
    );
    // The worker leaves a held key to its holder.
    expect(await portal.settle()).toBe(0);
    expect(await entriesOf(admin)).toEqual([
      expect.objectContaining({ id: String(id), state: 'pending' }),
    ]);
    release();
    await inFlight;
    await portal.settle();
    expect(await entriesOf(admin)).toEqual([
      expect.objectContaining({ id: String(id), state: 'done' }),
    ]);
    expect(await acmeSeats()).toBe(21);
  });
});
