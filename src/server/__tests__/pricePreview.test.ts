import { mkdtempSync, writeFileSync } from 'node:fs';
import { SANDBOX_PRICE_VERSION, samplePricePreview } from '../../testing/sampleAnswers';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PricePreviewResponse } from '../../contract/prices';
import {
  errorOf,
  removeDataDir,
  startPortal,
  type Portal,
} from '../../testing/server/portalHarness';

// GET /api/price-preview (docs/api.md): the purchase's own rights and rules, then the sandbox's
// demo prices (PRICE_FILE unset), or `price: null` when none is configured for the SKU and plan.

const ACME = 'customer=C0acme001&subscriptionId=sub-acme-001';
const FULL = 'customer=C0full001&subscriptionId=sub-full-001';
/** Inside ACME's and full.example's commitments (docs/api.md's worked examples use this day). */
const TODAY = Date.UTC(2026, 10, 25, 12, 0, 0);

let portal: Portal;
afterEach(async () => {
  await portal.close();
  removeDataDir(portal.dataDir);
});

async function preview(email: string, query: string) {
  const browser = await portal.signIn(email);
  return browser.get<PricePreviewResponse>(`/api/price-preview?${query}`);
}

describe('with the sandbox’s demo prices', () => {
  beforeEach(async () => {
    portal = await startPortal();
    portal.clock.now = TODAY;
  });

  it('answers a monthly plan’s increase and the amount until the renewal date', async () => {
    const answer = await preview('licences@acme.example', `${ACME}&seats=2`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      price: samplePricePreview(),
    });
  });

  it('answers a yearly plan’s charge now and yearly increase at the customer’s own price', async () => {
    const answer = await preview('admin@full.example', `${FULL}&seats=1`);
    expect(answer.status).toBe(200);
    expect(answer.body.price).toMatchObject({
      plan: 'ANNUAL_YEARLY_PAY',
      currency: 'EUR',
      unitPriceMinor: 19800,
      termEnd: '2027-06-30',
      priceVersion: SANDBOX_PRICE_VERSION,
      chargedNowMinor: 11772,
      yearlyIncreaseMinor: 19800,
    });
  });

  it.each([
    [
      'a plain user',
      'staff@acme.example',
      `${ACME}&seats=2`,
      403,
      'Only an administrator or a licence delegate can add licences.',
    ],
    [
      'another customer',
      'admin@acme.example',
      `${FULL}&seats=2`,
      403,
      'You can only see and change the subscription of your own organisation.',
    ],
    [
      'a foreign subscription',
      'admin@acme.example',
      'customer=C0acme001&subscriptionId=sub-full-001&seats=2',
      403,
      'This subscription does not belong to your organisation.',
    ],
    [
      'a Flexible plan',
      'admin@flex.example',
      'customer=C0flex001&subscriptionId=sub-flex-001&seats=2',
      400,
      'Licenses can only be bought on an annual plan; the FLEXIBLE plan adds a license when a user is added.',
    ],
    [
      'a suspended subscription',
      'admin@paused.example',
      'customer=C0pause01&subscriptionId=sub-pause-001&seats=2',
      400,
      'Licenses cannot be added while the subscription is suspended: the reseller suspended it. Contact the reseller to reactivate it.',
    ],
    [
      'a total above the maximum',
      'admin@acme.example',
      `${ACME}&seats=31`,
      400,
      'The new total of 51 licenses is above the maximum of 50 for this subscription.',
    ],
    [
      'seats that are not digits',
      'admin@acme.example',
      `${ACME}&seats=2.5`,
      400,
      "Field 'seats' must be an integer.",
    ],
    ['no seats', 'admin@acme.example', `${ACME}&seats=0`, 400, "Field 'seats' must be at least 1."],
    [
      'an unknown field',
      'admin@acme.example',
      `${ACME}&seats=2&price=0`,
      400,
      "Unknown field 'price' in the query.",
    ],
  ])('refuses %s as add-licence does', async (_case, email, query, code, message) => {
    const answer = await preview(email, query);
    expect(answer.status).toBe(code);
    expect(errorOf(answer).message).toBe(message);
  });

  it('refuses a caller without a session', async () => {
    const answer = await portal.browser().get(`/api/price-preview?${ACME}&seats=2`);
    expect(answer.status).toBe(401);
  });
});

it('answers price null when no price is configured for the SKU and plan', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-prices-'));
  const file = path.join(dataDir, 'prices.json');
  // Business Standard priced yearly only: ACME pays monthly.
  writeFileSync(
    file,
    JSON.stringify({ currency: 'EUR', prices: { '1010020028': { ANNUAL_YEARLY_PAY: 144 } } }),
  );
  portal = await startPortal({ dataDir, env: { PRICE_FILE: file } });
  portal.clock.now = TODAY;
  const answer = await preview('admin@acme.example', `${ACME}&seats=2`);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ price: null });
});
