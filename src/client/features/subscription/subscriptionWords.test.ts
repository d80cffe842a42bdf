import {
  dayInWords,
  inactiveNotice,
  planInWords,
  suspensionReasonInWords,
} from './subscriptionWords';

describe('planInWords', () => {
  it.each([
    ['ANNUAL_MONTHLY_PAY', true, 'Annual plan, paid monthly'],
    ['ANNUAL_YEARLY_PAY', true, 'Annual plan, paid yearly'],
    ['ANNUAL', true, 'Annual plan'],
    ['FLEXIBLE', false, 'Flexible plan'],
    ['TRIAL', false, 'Free trial'],
    ['SOMETHING_NEW', true, 'Annual plan'],
    ['SOMETHING_NEW', false, 'Flexible plan'],
  ])('%s (annual: %s) is %p', (planName, isAnnual, words) => {
    expect(planInWords({ planName, isAnnual })).toBe(words);
  });
});

describe('suspension reasons', () => {
  it("puts Google's documented reasons in words", () => {
    expect(suspensionReasonInWords('TRIAL_ENDED')).toBe(
      'The free trial ended without a plan being chosen.',
    );
    expect(suspensionReasonInWords('RESELLER_INITIATED')).toBe(
      'Your reseller suspended the subscription.',
    );
  });

  it('names a reason it does not know', () => {
    expect(suspensionReasonInWords('NEW_REASON')).toBe('Google gives the reason NEW_REASON.');
  });
});

describe('inactiveNotice', () => {
  it('is nothing for an active subscription', () => {
    expect(inactiveNotice({ status: 'ACTIVE', suspensionReasons: [] })).toBeNull();
  });

  it('says a suspended subscription is suspended, with each reason', () => {
    expect(
      inactiveNotice({
        status: 'SUSPENDED',
        suspensionReasons: ['RENEWAL_WITH_TYPE_CANCEL', 'OTHER'],
      }),
    ).toEqual({
      title: 'This subscription is suspended. Licenses cannot be added while it is suspended.',
      reasons: [
        'The annual commitment ended and the subscription was set to be cancelled at renewal.',
        'Google suspended the subscription for another reason, for example abuse.',
      ],
    });
  });

  it('says so when a suspension comes without a reason', () => {
    expect(inactiveNotice({ status: 'SUSPENDED', suspensionReasons: [] })?.reasons).toEqual([
      'Google gives no reason for the suspension.',
    ]);
  });

  it('explains a pending subscription by the terms of service when Google gives no reason', () => {
    const notice = inactiveNotice({ status: 'PENDING', suspensionReasons: [] });
    expect(notice?.title).toMatch(/waiting to be activated/);
    expect(notice?.reasons).toEqual([suspensionReasonInWords('PENDING_TOS_ACCEPTANCE')]);
  });
});

describe('dayInWords', () => {
  it('writes the day in the given language without shifting it by the time zone', () => {
    expect(dayInWords('2027-03-31', 'en-US')).toBe('March 31, 2027');
    expect(dayInWords('2027-01-01', 'en-GB')).toBe('1 January 2027');
  });
});
