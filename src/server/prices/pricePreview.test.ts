import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minorUnitsOf } from '../../contract/money';
import { PRICED_PLANS, type PricedPlan } from '../../contract/prices';
import { chargeOf, divideHalfUp, previewPrice } from './pricePreview';

// The worked examples of docs/api.md (GET /api/price-preview, Formulas), computed from the doc's
// own table, so the formulas written there are the ones the server runs: the edge cases (renewal
// today, a leap-year term, 30 days left, JPY, KWD, exactly half a minor unit) among them.

const API_DOC = path.resolve(__dirname, '..', '..', '..', 'docs', 'api.md');
const TABLE_HEADER = /^\| Plan\s+\| Seats\s+\| Seat price/;

interface WorkedExample {
  plan: PricedPlan;
  /** The table's Seats column. */
  seatsToAdd: number;
  unitPriceMinor: number;
  currency: string;
  today: string;
  termStart: string;
  termEnd: string;
  line: string;
  amountMinor: number;
}

/** A decimal of the table in minor units, exactly as a price file's is read. */
function minorOf(decimal: string | undefined, currency: string): number {
  const minor = minorUnitsOf(decimal ?? '', currency);
  if (minor === null) throw new Error(`not an amount of ${currency} in docs/api.md: ${decimal}`);
  return minor;
}

function isPricedPlan(value: string): value is PricedPlan {
  return (PRICED_PLANS as readonly string[]).includes(value);
}

function workedExamples(): WorkedExample[] {
  const lines = readFileSync(API_DOC, 'utf8').split('\n');
  const start = lines.findIndex((line) => TABLE_HEADER.test(line));
  const rows: WorkedExample[] = [];
  // Past the header and its separator, every row up to the first line that is not one.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [
      plan = '',
      seats,
      seatPrice,
      currency = '',
      today = '',
      termStart = '',
      termEnd = '',
      name = '',
      amount,
    ] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (!isPricedPlan(plan)) throw new Error(`unknown plan in docs/api.md: ${plan}`);
    rows.push({
      plan,
      seatsToAdd: Number(seats),
      unitPriceMinor: minorOf(seatPrice, currency),
      currency,
      today,
      termStart,
      termEnd,
      line: name,
      amountMinor: minorOf(amount, currency),
    });
  }
  return rows;
}

const examples = workedExamples();

it('finds the worked examples in docs/api.md', () => {
  expect(examples.length).toBeGreaterThanOrEqual(PRICED_PLANS.length * 2);
});

it.each(examples.map((example) => [`${example.plan} ${example.line}`, example] as const))(
  'computes %s as docs/api.md shows it',
  (_name, example) => {
    const preview = previewPrice({ ...example, priceVersion: 'v1' });
    expect(preview.plan).toBe(example.plan);
    expect((preview as unknown as Record<string, unknown>)[example.line]).toBe(example.amountMinor);
  },
);

it('covers the edge cases docs/api.md promises', () => {
  const terms = examples.map((example) => previewPrice({ ...example, priceVersion: 'v1' }));
  // Renewal today, a leap-year term, a 30-day month left.
  expect(terms.some((term) => term.daysRemaining === 0)).toBe(true);
  expect(terms.some((term) => term.termDays === 366)).toBe(true);
  expect(terms.some((term) => term.daysRemaining === 30)).toBe(true);
  const currencies = new Set(examples.map((example) => example.currency));
  expect([...currencies]).toEqual(expect.arrayContaining(['JPY', 'KWD']));
});

it('rounds half up, once, and only at exactly half', () => {
  expect(divideHalfUp(101n, 2n)).toBe(51n);
  expect(divideHalfUp(100n, 2n)).toBe(50n);
  expect(divideHalfUp(149n, 100n)).toBe(1n);
  expect(divideHalfUp(150n, 100n)).toBe(2n);
  expect(divideHalfUp(0n, 365n)).toBe(0n);
});

it('computes amounts past what a float holds to the cent, or refuses them', () => {
  const term = { today: '2026-11-25', termStart: '2026-03-31', termEnd: '2027-03-31' };
  // 1 seat at 90 071 992 547 409.91 EUR a year: 2^53 − 1 cents, exact, prorated by BigInt.
  const preview = previewPrice({
    ...term,
    plan: 'ANNUAL_YEARLY_PAY',
    currency: 'EUR',
    unitPriceMinor: Number.MAX_SAFE_INTEGER,
    seatsToAdd: 1,
    priceVersion: 'v1',
  });
  expect(preview).toMatchObject({ yearlyIncreaseMinor: Number.MAX_SAFE_INTEGER });
  const exact = (BigInt(Number.MAX_SAFE_INTEGER) * 126n * 2n + 365n) / (365n * 2n);
  expect(preview).toMatchObject({ chargedNowMinor: Number(exact) });
  expect(() =>
    previewPrice({
      ...term,
      plan: 'ANNUAL_YEARLY_PAY',
      currency: 'EUR',
      unitPriceMinor: Number.MAX_SAFE_INTEGER,
      seatsToAdd: 2,
      priceVersion: 'v1',
    }),
  ).toThrow(RangeError);
});

it('makes the purchase’s charge from the preview: the amount due now and the price version', () => {
  const base = {
    currency: 'EUR',
    unitPriceMinor: 1440,
    seatsToAdd: 2,
    priceVersion: 'v7',
    today: '2026-11-25',
    termStart: '2026-03-31',
    termEnd: '2027-03-31',
  };
  expect(chargeOf(previewPrice({ ...base, plan: 'ANNUAL_MONTHLY_PAY' }))).toEqual({
    currency: 'EUR',
    unitPriceMinor: 1440,
    seats: 2,
    period: 'month',
    amountMinor: 11930,
    termEnd: '2027-03-31',
    priceVersion: 'v7',
  });
  expect(chargeOf(previewPrice({ ...base, plan: 'ANNUAL_YEARLY_PAY' }))).toMatchObject({
    period: 'year',
    amountMinor: 994,
  });
});
