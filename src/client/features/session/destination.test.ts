import { destinationFromSearch, isLicensesDestination } from './destination';

describe('destination (spec §2 Home, §9)', () => {
  it('reads the customer query, licenses when absent or empty', () => {
    expect(destinationFromSearch('?customer=support')).toBe('support');
    expect(destinationFromSearch('?customer=licenses')).toBe('licenses');
    expect(destinationFromSearch('?customer=')).toBe('licenses');
    expect(destinationFromSearch('')).toBe('licenses');
  });

  it('leads to the licence flow for licenses or nothing, elsewhere otherwise', () => {
    expect(isLicensesDestination('licenses')).toBe(true);
    expect(isLicensesDestination('')).toBe(true);
    expect(isLicensesDestination('support')).toBe(false);
    expect(isLicensesDestination('LICENSES')).toBe(false);
  });
});
