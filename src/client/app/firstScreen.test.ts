import { createFakeServices, FAKE_NOW } from '../../testing/client/fakeServices';
import { opensOnDashboard, waitForFirstScreen } from './firstScreen';

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

describe('waitForFirstScreen', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Whether the wait has settled once pending promises have run. */
  async function settled(wait: Promise<void>): Promise<boolean> {
    let done = false;
    void wait.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    return done;
  }

  it('settles as soon as the code is in', async () => {
    expect(
      await settled(waitForFirstScreen([{ preload: () => Promise.resolve('dashboard') }], 300)),
    ).toBe(true);
  });

  it('waits for every part: the dashboard in, its check still on its way', async () => {
    let checkIn: (value: unknown) => void = () => undefined;
    const check = new Promise((resolve) => (checkIn = resolve));
    const wait = waitForFirstScreen(
      [{ preload: () => Promise.resolve('dashboard') }, { preload: () => check }],
      300,
    );
    expect(await settled(wait)).toBe(false);
    checkIn('check');
    expect(await settled(wait)).toBe(true);
  });

  it('settles when the download fails, so the page still renders', async () => {
    expect(
      await settled(
        waitForFirstScreen([{ preload: () => Promise.reject(new Error('offline')) }], 300),
      ),
    ).toBe(true);
  });

  it('stops waiting for a download that stalls once the time is up', async () => {
    const wait = waitForFirstScreen([{ preload: () => new Promise(() => undefined) }], 300);
    expect(await settled(wait)).toBe(false);
    await jest.advanceTimersByTimeAsync(299);
    expect(await settled(wait)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await settled(wait)).toBe(true);
  });
});
