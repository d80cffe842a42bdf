import { isJsonObject } from '../../../contract/json';
import type { PricePreview } from '../../../contract/prices';

// GET /api/price-preview's answer checked before it reaches the state (docs/api.md): a body that is
// not one reads as a failed preview, which never blocks the purchase.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** Counts and amounts in minor units are whole numbers (docs/api.md, Money). */
const isWhole = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** The lines each plan answers (src/contract/prices.ts). */
const PLAN_LINES: Readonly<Record<PricePreview['plan'], readonly string[]>> = {
  ANNUAL_MONTHLY_PAY: ['monthlyIncreaseMinor', 'untilRenewalMinor'],
  ANNUAL_YEARLY_PAY: ['chargedNowMinor', 'yearlyIncreaseMinor'],
};

/** The preview, null for "no price configured", undefined for an answer that is neither. */
export function readPricePreview(answer: unknown): PricePreview | null | undefined {
  if (!isJsonObject(answer) || !('price' in answer)) return undefined;
  const { price } = answer;
  if (price === null) return null;
  if (!isJsonObject(price)) return undefined;
  const lines = PLAN_LINES[price.plan as PricePreview['plan']] as readonly string[] | undefined;
  if (lines === undefined) return undefined;
  const amounts = ['seats', 'unitPriceMinor', 'daysRemaining', 'termDays', ...lines];
  const days = ['today', 'termStart', 'termEnd'];
  const readable =
    typeof price.currency === 'string' &&
    CURRENCY.test(price.currency) &&
    typeof price.priceVersion === 'string' &&
    amounts.every((field) => isWhole(price[field])) &&
    days.every((field) => typeof price[field] === 'string' && DAY.test(price[field]));
  return readable ? (price as unknown as PricePreview) : undefined;
}
