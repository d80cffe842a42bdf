import type { SubscriptionInfo } from '../../contract/subscription';
import { openSandbox } from '../providers/sandbox';
import { NEARLY_FULL_DEMO } from '../providers/sandbox/seatDemos';
import { portalForTests } from '../../testing/server/portalHarness';

// The sandbox's demo customer for the dashboard's usage warning (README's demo accounts).

const portal = portalForTests({}, 'all');

async function subscriptionOf(email: string): Promise<SubscriptionInfo> {
  const answer = await portal
    .browser()
    .get<SubscriptionInfo>(`/api/subscription-info?email=${encodeURIComponent(email)}`, {
      'x-goog-token': portal.token(email),
    });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the nearly-full demo customer', () => {
  it('counts as a Google account', async () => {
    const answer = await portal
      .browser()
      .get(`/api/email-validator?email=${NEARLY_FULL_DEMO.admin}`);
    expect(answer.body).toEqual({ isGoogleAccount: true });
  });

  it('has 23 of 25 licences assigned (92 %), active, capped by the seat policy, renewing 2027-06-30', async () => {
    expect(await subscriptionOf(NEARLY_FULL_DEMO.admin)).toMatchObject({
      customerDomain: 'full.example',
      skuName: 'Google Workspace Business Plus',
      isAdmin: true,
      isAnnual: true,
      numberOfSeats: 25,
      licensedNumberOfSeats: 23,
      maximumNumberOfSeats: 50,
      status: 'ACTIVE',
      suspensionReasons: [],
      renewalDate: '2027-06-30',
    });
  });

  it('is seeded once however often the sandbox opens, keeping changes made to it', async () => {
    const admin = await portal.signIn(NEARLY_FULL_DEMO.admin);
    const bought = await admin.post('/api/add-licence', {
      customerId: NEARLY_FULL_DEMO.customerId,
      subscriptionId: NEARLY_FULL_DEMO.subscriptionId,
      numberOfSeats: 26,
      expectedNumberOfSeats: 25,
    });
    expect(bought.status).toBe(200);
    (await openSandbox({ dataDir: portal.dataDir })).close();
    expect((await subscriptionOf(NEARLY_FULL_DEMO.admin)).numberOfSeats).toBe(26);
  });
});
