import { destinationAt, isLicensesDestination } from './destination';

describe('destination (docs/behaviour.md 2.1, docs/behaviour.md 9)', () => {
  it("reads the home route's customer query; none or empty leads to licenses", () => {
    const home = (search: string) => destinationAt({ pathname: '/', search });
    expect(home('?customer=support')).toBe('support');
    expect(home('?customer=licenses')).toBe('licenses');
    for (const search of ['?customer=', '', '?other=support']) {
      expect(isLicensesDestination(home(search))).toBe(true);
    }
  });

  it('ignores the query on any other route', () => {
    for (const pathname of ['/licenses', '/support', '/forbidden']) {
      const destination = destinationAt({ pathname, search: '?customer=support' });
      expect(isLicensesDestination(destination)).toBe(true);
    }
  });

  it('leads to the licence flow for licenses or nothing, elsewhere otherwise', () => {
    expect(isLicensesDestination('licenses')).toBe(true);
    expect(isLicensesDestination('')).toBe(true);
    expect(isLicensesDestination('support')).toBe(false);
    expect(isLicensesDestination('LICENSES')).toBe(false);
  });
});
