import { licenceCount } from './licenceWords';

describe('licenceCount', () => {
  it('says license for one and licenses otherwise, as every screen and mail does', () => {
    expect(licenceCount(1)).toBe('1 license');
    expect(licenceCount(0)).toBe('0 licenses');
    expect(licenceCount(3)).toBe('3 licenses');
  });
});
