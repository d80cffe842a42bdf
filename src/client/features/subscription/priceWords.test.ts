import type { PricePreview } from '../../../contract/prices';
import { samplePricePreview } from '../../../testing/sampleAnswers';
import { boughtLine, priceLines } from './priceWords';

// The price's words on a phone's narrow dialog (docs/behaviour.md 4.15): a seat count stays with its
// price, and "before tax" stays whole, wherever the line wraps.

const NO_BREAK = '\u00a0';
const MONTHLY: PricePreview = samplePricePreview();

it('joins the seats to their price and "before tax" with spaces that do not break', () => {
  const [increase] = priceLines(MONTHLY, 'en-US');
  expect(increase).toBe(
    `€28.80 per month more (2${NO_BREAK}×${NO_BREAK}€14.40), before${NO_BREAK}tax`,
  );
  expect(boughtLine(2, MONTHLY, 'en-US')).toBe(
    `You added 2 licenses for €28.80 per month, before${NO_BREAK}tax.`,
  );
});

it('says license for one seat bought, with or without a price', () => {
  expect(boughtLine(1, null)).toBe('You added 1 license.');
  expect(boughtLine(1, { ...MONTHLY, seats: 1, monthlyIncreaseMinor: 1440 }, 'en-US')).toBe(
    `You added 1 license for €14.40 per month, before${NO_BREAK}tax.`,
  );
});
