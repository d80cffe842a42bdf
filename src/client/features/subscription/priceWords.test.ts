import type { PricePreview } from '../../../contract/prices';
import { boughtLine, priceLines } from './priceWords';

// The price's words on a phone's narrow dialog (docs/behaviour.md 4.15): a seat count stays with its
// price, and "before tax" stays whole, wherever the line wraps.

const NO_BREAK = '\u00a0';
const MONTHLY: PricePreview = {
  plan: 'ANNUAL_MONTHLY_PAY',
  currency: 'EUR',
  seats: 2,
  seatPrice: 14.4,
  today: '2026-11-25',
  termStart: '2026-03-31',
  termEnd: '2027-03-31',
  daysRemaining: 126,
  termDays: 365,
  monthlyIncrease: 28.8,
  untilRenewal: 119.3,
};

it('joins the seats to their price and "before tax" with spaces that do not break', () => {
  const [increase] = priceLines(MONTHLY, 'en-US');
  expect(increase).toBe(
    `€28.80 per month more (2${NO_BREAK}×${NO_BREAK}€14.40), before${NO_BREAK}tax`,
  );
  expect(boughtLine(2, MONTHLY, 'en-US')).toBe(
    `You added 2 licenses for €28.80 per month, before${NO_BREAK}tax.`,
  );
});
