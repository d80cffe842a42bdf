import { createFakeServices, FAKE_NOW } from '../test/fakeServices';
import { opensOnDashboard } from './firstScreen';

// A page load that leads straight to the dashboard renders it first, with its code already in
// (docs/behaviour.md 4.2, docs/performance.md); every other page load starts as before.

const ADMIN = 'admin@acme.example';
const fresh = { token: 'stored-token', expiry: FAKE_NOW + 60_000 };

function opens(pathname: string, tokenData: typeof fresh | null, email: string | null) {
  const { storage } = createFakeServices({ tokenData, email }).services;
  return opensOnDashboard(storage, { pathname }, FAKE_NOW);
}

describe('opensOnDashboard', () => {
  it('is true for /licenses with a stored, unexpired token and its confirmed address', () => {
    expect(opens('/licenses', fresh, ADMIN)).toBe(true);
  });

  it.each([
    ['an expired token', '/licenses', { ...fresh, expiry: FAKE_NOW }, ADMIN],
    ['no token', '/licenses', null, ADMIN],
    ['no confirmed address', '/licenses', fresh, null],
    ['the home page', '/', fresh, ADMIN],
    ['the 403 page', '/forbidden', fresh, ADMIN],
    ['the support page', '/support', fresh, ADMIN],
  ])('is false with %s', (_case, pathname, tokenData, email) => {
    expect(opens(pathname, tokenData, email)).toBe(false);
  });
});
