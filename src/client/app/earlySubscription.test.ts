import fc from 'fast-check';
import { createHttpService, type PortalRequest } from '../services/http';
import { createFakeServices, FAKE_NOW } from '../../testing/client/fakeServices';
import { EARLY_EXPIRY_MARGIN_MS, earlySubscriptionRequest } from './earlySubscription';
import { startPage } from './startPage';

// The early request is worth sending only if it is exactly the request the boot saga sends a moment
// later (docs/behaviour.md 4.1–4.3): otherwise it would be an extra call, or an answer nobody takes.

interface Opening {
  tokenData: { token: string; expiry: number } | null;
  email: string | null;
  location: { pathname: string; search: string };
}

/** The requests the portal sends when a page opens this way, through the real HTTP service. */
async function requestsOnOpening({ tokenData, email, location }: Opening) {
  const sent: PortalRequest[] = [];
  const fake = createFakeServices({ tokenData, email, now: FAKE_NOW });
  const http = createHttpService({
    fetch: async (url, init) => {
      sent.push({ url, init });
      return { status: 503, text: async () => '' };
    },
    readCookies: () => '',
  });
  startPage({ config: fake.services.config, services: { ...fake.services, http }, location });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return sent;
}

/** The early script's decision for the same opening, made before the portal starts, as in the page. */
function earlyOnOpening({ tokenData, email, location }: Opening) {
  const { storage } = createFakeServices({ tokenData, email }).services;
  return earlySubscriptionRequest(storage, location, FAKE_NOW);
}

const openings = fc.record<Opening>({
  tokenData: fc.option(
    fc.record({
      token: fc.string({ minLength: 1, maxLength: 12 }),
      expiry: fc.integer({ min: FAKE_NOW - 5_000, max: FAKE_NOW + 3 * EARLY_EXPIRY_MARGIN_MS }),
    }),
  ),
  email: fc.option(fc.constantFrom('', 'admin@acme.example', 'a+b&c=d@acme.example')),
  location: fc.record({
    pathname: fc.constantFrom('/', '/licenses', '/support', '/forbidden'),
    search: fc.constantFrom('', '?customer=licenses', '?customer=support', '?customer=', '?x=1'),
  }),
});

describe('the early subscription request (docs/performance.md)', () => {
  it('is the boot saga’s own first request whenever it is sent, and is never sent when the saga sends none', async () => {
    await fc.assert(
      fc.asyncProperty(openings, async (opening) => {
        const early = earlyOnOpening(opening);
        const sent = await requestsOnOpening(opening);
        if (early !== null) {
          expect(sent[0]).toEqual(early);
        } else if (sent.length > 0) {
          // Left to the saga only when the token expires within the margin.
          expect(opening.tokenData?.expiry).toBeGreaterThan(FAKE_NOW);
          expect(opening.tokenData?.expiry).toBeLessThanOrEqual(FAKE_NOW + EARLY_EXPIRY_MARGIN_MS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('asks for the stored address’s subscription with the stored token on /licenses', () => {
    const storage = {
      getTokenData: () => ({ token: 'tok', expiry: FAKE_NOW + 3_600_000 }),
      getEmail: () => 'admin@acme.example',
    };
    expect(
      earlySubscriptionRequest(storage, { pathname: '/licenses', search: '' }, FAKE_NOW),
    ).toEqual({
      url: '/api/subscription-info?email=admin%40acme.example',
      init: {
        method: 'GET',
        headers: { Accept: 'application/json', 'x-goog-token': 'tok' },
        credentials: 'same-origin',
      },
    });
    // Towards the help desk the page leaves instead (docs/behaviour.md 4.3).
    expect(
      earlySubscriptionRequest(storage, { pathname: '/', search: '?customer=support' }, FAKE_NOW),
    ).toBeNull();
  });
});
