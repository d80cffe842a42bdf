import { removeDataDir, startPortal, type Browser, type Portal } from '../testing/portalHarness';

// docs/behaviour.md 6 on the server: role × endpoint × own or foreign customer. Each case runs on a fresh
// sandbox so that one allowed change never decides the next case.

type Role = 'admin' | 'licence delegate' | 'support delegate' | 'plain user' | 'flexible admin';
type Target = 'own' | 'foreign';
type Endpoint =
  | 'add-licence'
  | 'GET licence-delegate'
  | 'POST licence-delegate'
  | 'GET support-delegate'
  | 'POST support-delegate';

const ROLES: Record<Role, string> = {
  admin: 'admin@acme.example',
  'licence delegate': 'licences@acme.example',
  'support delegate': 'support@acme.example',
  'plain user': 'staff@acme.example',
  'flexible admin': 'admin@flex.example',
};

const CUSTOMERS = {
  acme: { customerId: 'C0acme001', subscriptionId: 'sub-acme-001', seats: 20 },
  flex: { customerId: 'C0flex001', subscriptionId: 'sub-flex-001', seats: 10 },
};

const ENDPOINTS: Endpoint[] = [
  'add-licence',
  'GET licence-delegate',
  'POST licence-delegate',
  'GET support-delegate',
  'POST support-delegate',
];

/** The status each role gets on its own customer; any foreign customer is always 403. */
const OWN_STATUS: Record<Role, Record<Endpoint, number>> = {
  admin: {
    'add-licence': 200,
    'GET licence-delegate': 200,
    'POST licence-delegate': 200,
    'GET support-delegate': 200,
    'POST support-delegate': 200,
  },
  'licence delegate': {
    'add-licence': 200,
    'GET licence-delegate': 403,
    'POST licence-delegate': 403,
    'GET support-delegate': 403,
    'POST support-delegate': 403,
  },
  'support delegate': {
    'add-licence': 403,
    'GET licence-delegate': 403,
    'POST licence-delegate': 403,
    'GET support-delegate': 403,
    'POST support-delegate': 403,
  },
  'plain user': {
    'add-licence': 403,
    'GET licence-delegate': 403,
    'POST licence-delegate': 403,
    'GET support-delegate': 403,
    'POST support-delegate': 403,
  },
  // A Flexible plan buys no seats (400), but its admin manages both delegate lists.
  'flexible admin': {
    'add-licence': 400,
    'GET licence-delegate': 200,
    'POST licence-delegate': 200,
    'GET support-delegate': 200,
    'POST support-delegate': 200,
  },
};

function call(browser: Browser, endpoint: Endpoint, customer: (typeof CUSTOMERS)['acme']) {
  const [method, name] = endpoint.includes(' ') ? endpoint.split(' ') : ['POST', endpoint];
  if (name === 'add-licence') {
    return browser.post('/api/add-licence', {
      customerId: customer.customerId,
      subscriptionId: customer.subscriptionId,
      numberOfSeats: customer.seats + 1,
    });
  }
  if (method === 'GET') return browser.get(`/api/${name}?customer=${customer.customerId}`);
  return browser.post(`/api/${name}`, {
    email: 'newcomer@acme.example',
    customerId: customer.customerId,
    action: 'add',
  });
}

const cases = (Object.keys(ROLES) as Role[]).flatMap((role) =>
  ENDPOINTS.flatMap((endpoint) =>
    (['own', 'foreign'] as Target[]).map((target) => ({
      role,
      endpoint,
      target,
      expected: target === 'own' ? OWN_STATUS[role][endpoint] : 403,
    })),
  ),
);

let portal: Portal;
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

it.each(cases)('$role → $endpoint on the $target customer: $expected', async (testCase) => {
  portal = await startPortal();
  const browser = await portal.signIn(ROLES[testCase.role]);
  const ownIsFlex = testCase.role === 'flexible admin';
  const own = ownIsFlex ? CUSTOMERS.flex : CUSTOMERS.acme;
  const foreign = ownIsFlex ? CUSTOMERS.acme : CUSTOMERS.flex;
  const answer = await call(browser, testCase.endpoint, testCase.target === 'own' ? own : foreign);
  expect(answer.status).toBe(testCase.expected);
  if (testCase.expected !== 200) {
    expect(answer.body).toMatchObject({ error: { code: testCase.expected } });
  }
  // Nothing changed on the other customer, whatever the answer.
  const untouched = await portal.sandbox.provider.findWorkspaceSubscription(foreign.customerId);
  expect(untouched?.numberOfSeats).toBe(foreign.seats);
  expect(await portal.sandbox.provider.listDelegates('licence', foreign.customerId)).not.toContain(
    'newcomer@acme.example',
  );
});

it('refuses a subscriptionId that is not the caller’s own, even with the own customerId', async () => {
  portal = await startPortal();
  const admin = await portal.signIn(ROLES.admin);
  const answer = await admin.post('/api/add-licence', {
    customerId: CUSTOMERS.acme.customerId,
    subscriptionId: CUSTOMERS.flex.subscriptionId,
    numberOfSeats: 21,
  });
  expect(answer.status).toBe(403);
  const flex = await portal.sandbox.provider.findWorkspaceSubscription(CUSTOMERS.flex.customerId);
  expect(flex?.numberOfSeats).toBe(CUSTOMERS.flex.seats);
});
