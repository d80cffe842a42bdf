import type { PricedPlan, PricePreview } from '../../contract/prices';
import type { WorkspaceSubscription } from '../providers/provider';
import { pricedPlanOf, seatPriceFor, type PriceList } from './priceList';

// What adding seats costs (docs/api.md, GET /api/price-preview, Formulas): Google prorates an annual
// plan by the days left in its commitment, so both plans count days from today to the term's end.

const MS_PER_DAY = 86_400_000;
const MONTHS_PER_YEAR = 12;
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
  /** The price of one seat for the plan's period (a month or a year), before tax. */
  seatPrice: number;
  seatsToAdd: number;
}

/** The UTC day of an instant, YYYY-MM-DD. */
export function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, DAY_LENGTH);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / MS_PER_DAY);
}

/** The digits of the currency's minor unit (ISO 4217: EUR 2, JPY 0, ...), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 0
  );
}

/** Rounds half away from zero to `digits` decimals, in decimal (so 1.005 to 2 digits is 1.01). */
function roundTo(value: number, digits: number): number {
  return Number(`${Math.round(Number(`${value}e${digits}`))}e-${digits}`);
}

/** The preview's lines, each rounded once to the currency's minor unit. */
export function previewPrice(question: PriceQuestion): PricePreview {
  const { plan, currency, seatPrice, seatsToAdd, today, termStart, termEnd } = question;
  const termDays = Math.max(1, daysBetween(termStart, termEnd));
  const daysRemaining = Math.min(termDays, Math.max(0, daysBetween(today, termEnd)));
  const round = (value: number) => roundTo(value, minorUnitDigits(currency));
  const days = { today, termStart, termEnd, daysRemaining, termDays };
  // The answer keeps the wire's name for the count (docs/api.md, GET /api/price-preview).
  const basis = { currency, seats: seatsToAdd, seatPrice, ...days };
  const perPeriod = seatPrice * seatsToAdd;
  if (plan === 'ANNUAL_MONTHLY_PAY') {
    return {
      plan,
      ...basis,
      monthlyIncrease: round(perPeriod),
      untilRenewal: round((perPeriod * MONTHS_PER_YEAR * daysRemaining) / termDays),
    };
  }
  return {
    plan,
    ...basis,
    chargedNow: round((perPeriod * daysRemaining) / termDays),
    yearlyIncrease: round(perPeriod),
  };
}

/**
 * What adding `seatsToAdd` to this subscription costs today, or null when no price or commitment term is
 * known: the preview's answer (docs/api.md) and a purchase's notification (docs/notifications.md).
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
  const seatPrice = seatPriceFor(prices, subscription.customerId, skuId, plan);
  if (seatPrice === null || renewalDate === null || termStartDate == null) return null;
  return previewPrice({
    plan,
    currency: prices.currency,
    seatPrice,
    seatsToAdd,
    today: dayOf(now),
    termStart: termStartDate,
    termEnd: renewalDate,
  });
}
