import { Type, type Static } from 'typebox';

// The reseller's prices (README, PRICE_FILE) and what adding licences costs (docs/api.md,
// GET /api/price-preview), declared once with TypeBox for the server's checks and both sides' types.

/** The plans a price file prices: per seat per month, and per seat per year, both before tax. */
export const PRICED_PLANS = ['ANNUAL_MONTHLY_PAY', 'ANNUAL_YEARLY_PAY'] as const;
export type PricedPlan = (typeof PRICED_PLANS)[number];

/** A price before tax, in the currency's major unit (JSON cannot carry NaN or Infinity). */
const SeatPrice = Type.Number({ minimum: 0 });

/** ISO 4217 letters; the server also checks the code is one the runtime's Intl knows. */
export const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$' });

/** One SKU's prices, plan by plan. */
export const PlanPrices = Type.Object(
  {
    ANNUAL_MONTHLY_PAY: Type.Optional(SeatPrice),
    ANNUAL_YEARLY_PAY: Type.Optional(SeatPrice),
  },
  { additionalProperties: false },
);
export type PlanPrices = Static<typeof PlanPrices>;

/** PRICE_FILE: the reseller's prices by SKU id, and a customer's own prices overriding them. */
export const PriceFile = Type.Object(
  {
    currency: CurrencyCode,
    prices: Type.Record(Type.String(), PlanPrices),
    customers: Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), PlanPrices))),
  },
  { additionalProperties: false },
);
export type PriceFile = Static<typeof PriceFile>;

/** What every preview says: the price and seats it used, and the commitment's dates (YYYY-MM-DD, UTC). */
const PreviewBasis = {
  currency: CurrencyCode,
  /** The seats to add: `seatsToAdd` in the code, `seats` on the wire (docs/api.md). */
  seats: Type.Integer({ minimum: 1 }),
  /** The price of one seat for the plan's period (a month or a year). */
  seatPrice: SeatPrice,
  today: Type.String(),
  termStart: Type.String(),
  termEnd: Type.String(),
  /** Days from today to the end of the commitment (0 on or after it). */
  daysRemaining: Type.Integer({ minimum: 0 }),
  /** Days from the start to the end of the commitment. */
  termDays: Type.Integer({ minimum: 1 }),
};

/** Paid monthly: the monthly increase, and what the added seats cost until the renewal date. */
export const MonthlyPricePreview = Type.Object(
  {
    plan: Type.Literal('ANNUAL_MONTHLY_PAY'),
    ...PreviewBasis,
    monthlyIncrease: SeatPrice,
    untilRenewal: SeatPrice,
  },
  { additionalProperties: false },
);
export type MonthlyPricePreview = Static<typeof MonthlyPricePreview>;

/** Paid yearly: what is charged now for the rest of the term, and the yearly increase after renewal. */
export const YearlyPricePreview = Type.Object(
  {
    plan: Type.Literal('ANNUAL_YEARLY_PAY'),
    ...PreviewBasis,
    chargedNow: SeatPrice,
    yearlyIncrease: SeatPrice,
  },
  { additionalProperties: false },
);
export type YearlyPricePreview = Static<typeof YearlyPricePreview>;

export const PricePreview = Type.Union([MonthlyPricePreview, YearlyPricePreview]);
export type PricePreview = Static<typeof PricePreview>;

/** 200 of GET /api/price-preview: `price` is null when no price is configured for the SKU and plan. */
export const PricePreviewResponse = Type.Object(
  { price: Type.Union([PricePreview, Type.Null()]) },
  { additionalProperties: false },
);
export type PricePreviewResponse = Static<typeof PricePreviewResponse>;
