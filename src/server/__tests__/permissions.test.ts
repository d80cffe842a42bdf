import type { HistoryPage } from '../../contract/history';
import type { RecordedChange } from '../store/portalStore';
import { portalForTests, type Browser, type Portal } from '../../testing/server/portalHarness';

// Every permission the portal decides (docs/behaviour.md 6, docs/api.md "Permissions"): role × endpoint × own or foreign
// customer, with what the caller sees and what changed on both customers afterwards. Each case runs
// on a fresh sandbox so that one allowed change never decides the next case.

type Role = 'admin' | 'licence delegate' | 'support delegate' | 'plain user' | 'flexible admin';
type Target = 'own' | 'foreign';
type DelegateList = 'licence' | 'support';
type Endpoint =
  | 'add-licence'
  | `GET ${DelegateList}-delegate`
  | `add ${DelegateList}-delegate`
  | `delete ${DelegateList}-delegate`
  | 'GET history'
  | 'GET history kind=licences'
  | 'GET history kind=licence-delegate'
  | 'GET history kind=support-delegate'
  | 'sign-out';

const ROLES: Record<Role, string> = {
  admin: 'admin@acme.example',
  'licence delegate': 'licences@acme.example',
  'support delegate': 'support@acme.example',
  'plain user': 'staff@acme.example',
  'flexible admin': 'admin@flex.example',
};

interface Customer {
  customerId: string;
  subscriptionId: string;
  domain: string;
}
const ACME: Customer = {
  customerId: 'C0acme001',
  subscriptionId: 'sub-acme-001',
  domain: 'acme.example',
};
const FLEX: Customer = {
  customerId: 'C0flex001',
  subscriptionId: 'sub-flex-001',
  domain: 'flex.example',
};

const LISTS: DelegateList[] = ['licence', 'support'];
const ENDPOINTS: Endpoint[] = [
  'add-licence',
  ...LISTS.flatMap((list): Endpoint[] => [
    `GET ${list}-delegate`,
    `add ${list}-delegate`,
    `delete ${list}-delegate`,
  ]),
  'GET history',
  'GET history kind=licences',
  'GET history kind=licence-delegate',
  'GET history kind=support-delegate',
  'sign-out',
];

const allowed = (status: number) => status === 200 || status === 204;
const every = (status: number) =>
  Object.fromEntries(ENDPOINTS.map((endpoint) => [endpoint, status])) as Record<Endpoint, number>;

/** The status each role gets on its own customer; any foreign customer is always 403. */
const OWN_STATUS: Record<Role, Record<Endpoint, number>> = {
  admin: { ...every(200), 'sign-out': 204 },
  'licence delegate': {
    ...every(403),
    'add-licence': 200,
    'GET history': 200,
    'GET history kind=licences': 200,
    'sign-out': 204,
  },
  'support delegate': { ...every(403), 'sign-out': 204 },
  'plain user': { ...every(403), 'sign-out': 204 },
  // A Flexible plan buys no seats (400), but its admin manages both delegate lists.
  'flexible admin': { ...every(200), 'add-licence': 400, 'sign-out': 204 },
};

/** What each customer looks like: seats, both delegate lists and the listed history kinds. */
async function stateOf(portal: Portal, customer: Customer) {
  const { provider } = portal.sandbox;
  const subscription = await provider.findWorkspaceSubscription(customer.customerId);
  const history = await portal.store.listHistory({
    customerId: customer.customerId,
    kinds: ['licences', 'licence-delegate', 'support-delegate'],
    olderThan: null,
    limit: 100,
  });
  return {
    seats: subscription?.numberOfSeats,
    licence: await provider.listDelegates('licence', customer.customerId),
    support: await provider.listDelegates('support', customer.customerId),
    history: history.map((entry) => `${entry.state} ${entry.change.kind}`),
  };
}
type CustomerState = Awaited<ReturnType<typeof stateOf>>;

const newcomer = (customer: Customer) => `newcomer@${customer.domain}`;
const leaving = (customer: Customer) => `leaving@${customer.domain}`;

/** Both customers start with a member to delete on each list and one done change of each kind. */
async function seed(portal: Portal, customer: Customer, seats: number) {
  for (const list of LISTS) {
    await portal.sandbox.provider.addDelegate(list, customer.customerId, leaving(customer));
  }
  const changes: RecordedChange[] = [
    { kind: 'licences', subscriptionId: customer.subscriptionId, before: seats, after: seats },
    { kind: 'licence-delegate', action: 'add', member: leaving(customer), before: [], after: null },
    { kind: 'support-delegate', action: 'add', member: leaving(customer), before: [], after: null },
  ];
  for (const change of changes) {
    const id = await portal.store.recordIntent({
      customerId: customer.customerId,
      actor: `admin@${customer.domain}`,
      requestId: `seed-${change.kind}`,
      at: portal.clock.now,
      change,
    });
    await portal.store.completeChange(
      id,
      change.kind === 'licences' ? change.after : [leaving(customer)],
    );
  }
}

function call(browser: Browser, endpoint: Endpoint, customer: Customer, seats: number) {
  if (endpoint === 'sign-out') return browser.post('/api/sign-out', {});
  if (endpoint === 'add-licence') {
    return browser.post('/api/add-licence', {
      customerId: customer.customerId,
      subscriptionId: customer.subscriptionId,
      numberOfSeats: seats + 1,
    });
  }
  const [verb, name = ''] = endpoint.split(' ');
  if (name === 'history') {
    const kind = endpoint.split('kind=')[1];
    const query = kind === undefined ? '' : `&kind=${kind}`;
    return browser.get(`/api/history?customer=${customer.customerId}${query}`);
  }
  if (verb === 'GET') return browser.get(`/api/${name}?customer=${customer.customerId}`);
  const email = verb === 'add' ? newcomer(customer) : leaving(customer);
  return browser.post(`/api/${name}`, { email, customerId: customer.customerId, action: verb });
}

/** The own customer's state after an allowed change; reads, history and sign-out change nothing. */
function afterAllowed(
  endpoint: Endpoint,
  customer: Customer,
  before: CustomerState,
): CustomerState {
  const [verb, name = ''] = endpoint.split(' ');
  const list = name.split('-')[0] as DelegateList;
  if (endpoint === 'add-licence') {
    return {
      ...before,
      seats: (before.seats ?? 0) + 1,
      history: ['done licences', ...before.history],
    };
  }
  if (verb === 'add' || verb === 'delete') {
    const members =
      verb === 'add'
        ? [...before[list], newcomer(customer)].sort()
        : before[list].filter((member) => member !== leaving(customer));
    return { ...before, [list]: members, history: [`done ${list}-delegate`, ...before.history] };
  }
  return before;
}

const cases = (Object.keys(ROLES) as Role[]).flatMap((role) =>
  ENDPOINTS.flatMap((endpoint) =>
    (endpoint === 'sign-out' ? ['own'] : ['own', 'foreign']).map((target) => ({
      role,
      endpoint,
      target: target as Target,
      expected: target === 'own' ? OWN_STATUS[role][endpoint] : 403,
    })),
  ),
);

const portal = portalForTests();

it.each(cases)('$role → $endpoint on the $target customer: $expected', async (testCase) => {
  const ownIsFlex = testCase.role === 'flexible admin';
  const own = ownIsFlex ? FLEX : ACME;
  const foreign = ownIsFlex ? ACME : FLEX;
  const target = testCase.target === 'own' ? own : foreign;
  await seed(portal, ACME, 20);
  await seed(portal, FLEX, 10);
  const browser = await portal.signIn(ROLES[testCase.role]);
  const ownBefore = await stateOf(portal, own);
  const foreignBefore = await stateOf(portal, foreign);

  const answer = await call(browser, testCase.endpoint, target, ownBefore.seats ?? 0);

  expect(answer.status).toBe(testCase.expected);
  if (!allowed(testCase.expected)) {
    expect(answer.body).toMatchObject({ error: { code: testCase.expected } });
  }
  // A licence delegate's history without a kind shows the licence adds only.
  if (testCase.endpoint === 'GET history' && allowed(testCase.expected)) {
    const kinds = (answer.body as HistoryPage).entries.map((entry) => entry.kind);
    expect(kinds.sort()).toEqual(
      testCase.role === 'licence delegate'
        ? ['licences']
        : ['licence-delegate', 'licences', 'support-delegate'],
    );
  }
  // The allowed change, and nothing else, on either customer.
  const changed = testCase.target === 'own' && allowed(testCase.expected);
  expect(await stateOf(portal, own)).toEqual(
    changed ? afterAllowed(testCase.endpoint, own, ownBefore) : ownBefore,
  );
  expect(await stateOf(portal, foreign)).toEqual(foreignBefore);
});

it('refuses a subscriptionId that is not the caller’s own, even with the own customerId', async () => {
  const admin = await portal.signIn(ROLES.admin);
  const flexBefore = await stateOf(portal, FLEX);
  const acmeBefore = await stateOf(portal, ACME);
  const answer = await admin.post('/api/add-licence', {
    customerId: ACME.customerId,
    subscriptionId: FLEX.subscriptionId,
    numberOfSeats: 21,
  });
  expect(answer.status).toBe(403);
  expect(await stateOf(portal, FLEX)).toEqual(flexBefore);
  expect(await stateOf(portal, ACME)).toEqual(acmeBefore);
});
