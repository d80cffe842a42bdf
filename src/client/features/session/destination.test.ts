import { destinationAt, isLicenceDestination } from './destination';

describe('destination (docs/behaviour.md 2.1, docs/behaviour.md 9)', () => {
  it("reads the home route's customer query; none or empty leads to licenses", () => {
    const home = (search: string) => destinationAt({ pathname: '/', search });
    expect(home('?customer=support')).toBe('support');
    expect(home('?customer=licenses')).toBe('licenses');
    for (const search of ['?customer=', '', '?other=support']) {
      expect(isLicenceDestination(home(search))).toBe(true);
    }
  });

  it('ignores the query on any other route', () => {
    for (const pathname of ['/licenses', '/support', '/forbidden']) {
      const destination = destinationAt({ pathname, search: '?customer=support' });
      expect(isLicenceDestination(destination)).toBe(true);
    }
  });

  it('leads to the licence flow for licenses or nothing, elsewhere otherwise', () => {
    expect(isLicenceDestination('licenses')).toBe(true);
    expect(isLicenceDestination('')).toBe(true);
    expect(isLicenceDestination('support')).toBe(false);
    expect(isLicenceDestination('LICENSES')).toBe(false);
  });
});
