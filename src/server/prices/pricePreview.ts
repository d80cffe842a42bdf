import type { PricedPlan, PricePreview, PurchaseCharge } from '../../contract/prices';
import type { WorkspaceSubscription } from '../providers/provider';
import { pricedPlanOf, seatPriceFor, type PriceList } from './priceList';

// What adding seats costs (docs/api.md, GET /api/price-preview, Formulas): Google prorates an annual
// plan by the days left in its commitment, so both plans count days from today to the term's end.
// Integers only (docs/api.md, Money): minor units times whole days, divided once, rounded half up.

const MS_PER_DAY = 86_400_000;
const MONTHS_PER_YEAR = 12n;
const DAY_LENGTH = 'YYYY-MM-DD'.length;

/** The commitment the preview is computed for (YYYY-MM-DD, UTC). */
export interface PriceTerm {
  today: string;
  termStart: string;
  termEnd: string;
}

export interface PriceQuestion extends PriceTerm {
  plan: PricedPlan;
  currency: string;
  /** The price of one seat for the plan's period (a month or a year), before tax, in minor units. */
  unitPriceMinor: number;
  seatsToAdd: number;
  priceVersion: string;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, DAY_LENGTH);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier); UTC days divide exactly. */
function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / MS_PER_DAY;
}

/** A BigInt back to a number, refused past the safe integers rather than rounded. */
function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount past 2^53 − 1');
  return Number(value);
}

/** numerator ÷ denominator, rounded half up (amounts are never negative). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return (numerator % denominator) * 2n >= denominator ? quotient + 1n : quotient;
}

/** The preview's lines in minor units, each prorated amount rounded once (docs/api.md, Formulas). */
export function previewPrice(question: PriceQuestion): PricePreview {
  const { plan, currency, unitPriceMinor, seatsToAdd, today, termStart, termEnd } = question;
  const termDays = Math.max(1, daysBetween(termStart, termEnd));
  const daysRemaining = Math.min(termDays, Math.max(0, daysBetween(today, termEnd)));
  const days = { today, termStart, termEnd, daysRemaining, termDays };
  // The answer keeps the wire's name for the count (docs/api.md, GET /api/price-preview).
  const basis = { currency, seats: seatsToAdd, unitPriceMinor, ...days };
  const { priceVersion } = question;
  const perPeriod = BigInt(unitPriceMinor) * BigInt(seatsToAdd);
  const prorated = (perTerm: bigint) =>
    safeNumber(divideHalfUp(perTerm * BigInt(daysRemaining), BigInt(termDays)));
  if (plan === 'ANNUAL_MONTHLY_PAY') {
    return {
      plan,
      ...basis,
      priceVersion,
      monthlyIncreaseMinor: safeNumber(perPeriod),
      untilRenewalMinor: prorated(perPeriod * MONTHS_PER_YEAR),
    };
  }
  return {
    plan,
    ...basis,
    priceVersion,
    chargedNowMinor: prorated(perPeriod),
    yearlyIncreaseMinor: safeNumber(perPeriod),
  };
}

/** The preview as the purchase's charge: the amount due now and what it is made of (docs/api.md, Money). */
export function chargeOf(preview: PricePreview): PurchaseCharge {
  const { currency, unitPriceMinor, seats, termEnd, priceVersion } = preview;
  const common = { currency, unitPriceMinor, seats, termEnd, priceVersion };
  return preview.plan === 'ANNUAL_MONTHLY_PAY'
    ? { ...common, period: 'month', amountMinor: preview.untilRenewalMinor }
    : { ...common, period: 'year', amountMinor: preview.chargedNowMinor };
}

/**
 * What adding `seatsToAdd` to this subscription costs today, or null when no price or commitment term is
 * known: the preview's answer (docs/api.md) and, as its charge, the purchase's (services/purchases.ts).
 */
export function subscriptionPrice(
  prices: PriceList | null | undefined,
  subscription: WorkspaceSubscription,
  seatsToAdd: number,
  now: number,
): PricePreview | null {
  const plan = pricedPlanOf(subscription.planName);
  const { skuId, renewalDate, termStartDate } = subscription;
  if (prices == null || plan === null || skuId === undefined) return null;
  const unitPriceMinor = seatPriceFor(prices, subscription.customerId, skuId, plan);
  if (unitPriceMinor === null || renewalDate === null || termStartDate == null) return null;
  return previewPrice({
    plan,
    currency: prices.currency,
    unitPriceMinor,
    seatsToAdd,
    priceVersion: prices.version,
    today: dayOf(now),
    termStart: termStartDate,
    termEnd: renewalDate,
  });
}
