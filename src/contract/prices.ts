import { Type, type Static } from 'typebox';

// The reseller's prices (README, PRICE_FILE) and what adding licences costs (docs/api.md,
// GET /api/price-preview), declared once with TypeBox for the server's checks and both sides' types.
// Every amount is an integer in the currency's minor unit (docs/api.md, Money): no float is money.

/** The plans a price file prices: per seat per month, and per seat per year, both before tax. */
export const PRICED_PLANS = ['ANNUAL_MONTHLY_PAY', 'ANNUAL_YEARLY_PAY'] as const;
export type PricedPlan = (typeof PRICED_PLANS)[number];

/** An amount before tax in the currency's minor unit (cents; yen; fils): a whole number. */
const Minor = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/**
 * A price file's price in the major unit: a decimal string ("14.40") or, for older files, a JSON
 * number whose shortest form has at most the currency's decimals (README, PRICE_FILE).
 */
const WrittenPrice = Type.Union([Type.String(), Type.Number()]);

/** ISO 4217 letters; the server also checks the code is one the runtime's Intl knows. */
export const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$' });

/** PRICE_FILE's `version`, else a hash of the file (docs/api.md, Money): what a buyer was quoted. */
export const PriceVersion = Type.String({ minLength: 1, maxLength: 64 });

/** One SKU's prices, plan by plan, as the file writes them. */
export const PlanPrices = Type.Object(
  {
    ANNUAL_MONTHLY_PAY: Type.Optional(WrittenPrice),
    ANNUAL_YEARLY_PAY: Type.Optional(WrittenPrice),
  },
  { additionalProperties: false },
);
export type PlanPrices = Static<typeof PlanPrices>;

/** PRICE_FILE: the reseller's prices by SKU id, and a customer's own prices overriding them. */
export const PriceFile = Type.Object(
  {
    currency: CurrencyCode,
    version: Type.Optional(PriceVersion),
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
  unitPriceMinor: Minor,
  today: Type.String(),
  termStart: Type.String(),
  termEnd: Type.String(),
  /** Days from today to the end of the commitment (0 on or after it). */
  daysRemaining: Type.Integer({ minimum: 0 }),
  /** Days from the start to the end of the commitment. */
  termDays: Type.Integer({ minimum: 1 }),
  priceVersion: PriceVersion,
};

/** Paid monthly: the monthly increase, and what the added seats cost until the renewal date. */
export const MonthlyPricePreview = Type.Object(
  {
    plan: Type.Literal('ANNUAL_MONTHLY_PAY'),
    ...PreviewBasis,
    monthlyIncreaseMinor: Minor,
    untilRenewalMinor: Minor,
  },
  { additionalProperties: false },
);
export type MonthlyPricePreview = Static<typeof MonthlyPricePreview>;

/** Paid yearly: what is charged now for the rest of the term, and the yearly increase after renewal. */
export const YearlyPricePreview = Type.Object(
  {
    plan: Type.Literal('ANNUAL_YEARLY_PAY'),
    ...PreviewBasis,
    chargedNowMinor: Minor,
    yearlyIncreaseMinor: Minor,
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

export const CHARGE_PERIODS = ['month', 'year'] as const;

/**
 * A purchase's charge as quoted (docs/api.md, Money): computed once under the purchase's lock, kept
 * on its history entry, and the same in the history answer, the CSV, the event and the mails.
 */
export const PurchaseCharge = Type.Object(
  {
    currency: CurrencyCode,
    /** One seat's price for the period. */
    unitPriceMinor: Minor,
    /** The seats bought: `seatsToAdd` in the code, `seats` on the wire (docs/api.md). */
    seats: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    /** What the unit price is per: a month (paid monthly) or a year (paid yearly). */
    period: Type.Enum(CHARGE_PERIODS, { type: 'string' }),
    /** The prorated amount due now: until the renewal (monthly), charged now (yearly). */
    amountMinor: Minor,
    /** The renewal date the amount runs to, YYYY-MM-DD. */
    termEnd: Type.String(),
    priceVersion: PriceVersion,
  },
  { additionalProperties: false },
);
export type PurchaseCharge = Static<typeof PurchaseCharge>;
