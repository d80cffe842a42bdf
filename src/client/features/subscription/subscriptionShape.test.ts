import { sampleSubscription } from '../../../contract/sampleSubscription';
import { readSubscriptionInfo } from './subscriptionShape';

describe('readSubscriptionInfo', () => {
  it('keeps a whole answer as it is', async () => {
    const info = sampleSubscription({
      status: 'SUSPENDED',
      suspensionReasons: ['TRIAL_ENDED'],
      isTrial: true,
      renewalDate: null,
    });
    expect(await readSubscriptionInfo(info)).toEqual(info);
  });

  it('reads an answer from before status, reasons, trial and renewal as active, paid, no renewal day', async () => {
    const {
      status: _status,
      suspensionReasons: _reasons,
      isTrial: _trial,
      renewalDate: _renewal,
      ...older
    } = sampleSubscription();
    expect(await readSubscriptionInfo(older)).toEqual(
      sampleSubscription({
        status: 'ACTIVE',
        suspensionReasons: [],
        isTrial: false,
        renewalDate: null,
      }),
    );
  });

  it('drops fields the contract does not name', async () => {
    const read = await readSubscriptionInfo({ ...sampleSubscription(), secret: 'x' });
    expect(read).not.toBeNull();
    expect(read).not.toHaveProperty('secret');
  });

  it.each([
    ['an unknown status', { status: 'CANCELLED' }],
    ['a status in lower case', { status: 'active' }],
    ['reasons that are not a list', { suspensionReasons: 'TRIAL_ENDED' }],
    ['reasons that are not text', { suspensionReasons: [3] }],
    ['a trial flag as text', { isTrial: 'yes' }],
    ['a renewal day that is not YYYY-MM-DD', { renewalDate: '31/03/2027' }],
    ['a renewal day as a number', { renewalDate: 1_806_451_200_000 }],
  ])('refuses %s', async (_name, change) => {
    expect(await readSubscriptionInfo({ ...sampleSubscription(), ...change })).toBeNull();
  });

  it.each([
    ['null', null],
    ['an array', [sampleSubscription()]],
    ['negative seats', { ...sampleSubscription(), numberOfSeats: -1 }],
    ['no access roles', { ...sampleSubscription(), accessRoles: null }],
  ])('refuses %s', async (_name, value) => {
    expect(await readSubscriptionInfo(value)).toBeNull();
  });

  // The check is the contract's schema (src/contract/subscription.ts): a seat count is never negative.
  it.each(['numberOfSeats', 'licensedNumberOfSeats', 'maximumNumberOfSeats'])(
    "refuses a negative %s, as the contract's seat count does",
    async (field) => {
      expect(await readSubscriptionInfo({ ...sampleSubscription(), [field]: -1 })).toBeNull();
      expect(await readSubscriptionInfo({ ...sampleSubscription(), [field]: 0 })).not.toBeNull();
    },
  );
});
