import type { SubscriptionInfo } from '../../contract/subscription';
import { NEARLY_FULL_DEMO, SUSPENDED_DEMO } from '../providers/sandbox/seatDemos';
import { removeDataDir, startPortal, type Portal } from '../testing/portalHarness';

// The sandbox's demo customers for the dashboard's seat panel (README's demo accounts).

let portal: Portal;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

async function subscriptionOf(email: string): Promise<SubscriptionInfo> {
  const answer = await portal
    .browser()
    .get<SubscriptionInfo>(`/api/subscription-info?email=${encodeURIComponent(email)}`, {
      'x-goog-token': portal.token(email),
    });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the seat demo customers', () => {
  it.each([NEARLY_FULL_DEMO.admin, SUSPENDED_DEMO.admin])(
    'count %s as a Google account',
    async (email) => {
      const answer = await portal.browser().get(`/api/email-validator?email=${email}`);
      expect(answer.body).toEqual({ isGoogleAccount: true });
    },
  );

  it('full.example has 23 of 25 licences assigned (92 %), active, renewing 2027-06-30', async () => {
    expect(await subscriptionOf(NEARLY_FULL_DEMO.admin)).toMatchObject({
      customerDomain: 'full.example',
      isAdmin: true,
      isAnnual: true,
      numberOfSeats: 25,
      licensedNumberOfSeats: 23,
      maximumNumberOfSeats: 40,
      status: 'ACTIVE',
      suspensionReasons: [],
      renewalDate: '2027-06-30',
    });
  });

  it('suspended.example is suspended by the reseller', async () => {
    expect(await subscriptionOf(SUSPENDED_DEMO.admin)).toMatchObject({
      customerDomain: 'suspended.example',
      status: 'SUSPENDED',
      suspensionReasons: ['RESELLER_INITIATED'],
    });
  });

  it('is seeded once however often the sandbox opens', async () => {
    const { openSandbox } = await import('../providers/sandbox');
    const again = openSandbox({ dataDir: portal.dataDir });
    again.close();
    expect((await subscriptionOf(NEARLY_FULL_DEMO.admin)).numberOfSeats).toBe(25);
  });
});
