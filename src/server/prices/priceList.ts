import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import { decimalOfMinor, minorUnitDigits, minorUnitsOf } from '../../contract/money';
import { PRICED_PLANS, PriceFile, type PlanPrices, type PricedPlan } from '../../contract/prices';
import type { ServerConfig } from '../config';
import { ConfigError } from '../configError';
import { SANDBOX_PRICES } from '../providers/sandbox/demoPrices';

// PRICE_FILE, read once at start-up (README, Configuration): a bad file stops the server with one
// line naming the file and what is wrong; no file means no prices, and the portal shows none.

const checkPriceFile = Compile(PriceFile);

/** One SKU's prices in minor units, plan by plan. */
type MinorPrices = Partial<Record<PricedPlan, number>>;

/** The reseller's prices as read from PRICE_FILE, exact: integers in the currency's minor unit. */
export interface PriceList {
  currency: string;
  /** The file's `version`, else `sha256:` and 12 hex digits of its content (docs/api.md, Money). */
  version: string;
  prices: Readonly<Record<string, MinorPrices>>;
  customers: Readonly<Record<string, Readonly<Record<string, MinorPrices>>>>;
}

const HASH_DIGITS = 12;
/** A price in the example of the error's 'what to write': 14.40 in the file's currency. */
const EXAMPLE_MINOR = 1440;

/** A JSON pointer in words: "prices/1010020028/ANNUAL_MONTHLY_PAY", or "the top level". */
function placeOf(instancePath: string): string {
  return instancePath === '' ? 'the top level' : instancePath.slice(1);
}

/** The first thing wrong with the file's shape, in one phrase. */
function shapeProblem(value: unknown): string | null {
  if (checkPriceFile.Check(value)) return null;
  const [first] = checkPriceFile.Errors(value);
  if (first === undefined) return 'it is not a price file';
  const place = placeOf(first.instancePath);
  // A closed object reports an unknown field as a `false` schema at the field itself.
  if (first.keyword === 'boolean') return `unknown field ${place}`;
  // A price is a decimal string or a number (README, PRICE_FILE): TypeBox names the union's first.
  if (PRICED_PLANS.some((plan) => place.endsWith(`/${plan}`))) {
    return `${place} must be a decimal string such as "14.40"`;
  }
  // JSON.parse reads 1e999 as Infinity, which TypeBox refuses as not a number.
  if (first.keyword === 'type') {
    const expected = String((first.params as { type?: unknown }).type);
    return `${place} must be ${expected === 'number' ? 'a finite number' : `of type ${expected}`}`;
  }
  return `${place} ${first.message ?? 'is invalid'}`;
}

/** Whether the runtime's Intl knows the code, so the client can format it (ISO 4217). */
function isKnownCurrency(code: string): boolean {
  return Intl.supportedValuesOf('currency').includes(code);
}

/**
 * One SKU's written prices in minor units. A number counts by its shortest decimal form (String(n)),
 * read as text like a string, so 14.4 is 1440 cents and 14.405 is refused, never rounded.
 */
function minorPricesOf(
  written: PlanPrices,
  currency: string,
  sku: { skuId: string; place: string },
  problem: (what: string) => ConfigError,
): MinorPrices {
  const minor: MinorPrices = {};
  for (const plan of PRICED_PLANS) {
    const price = written[plan];
    if (price === undefined) continue;
    const text = String(price);
    const amount = minorUnitsOf(text, currency);
    if (amount === null) {
      const digits = minorUnitDigits(currency);
      throw problem(
        `the price of SKU ${sku.skuId}, plan ${plan} (${sku.place}/${plan}) is ${text}, not an amount of ${currency} with at most ${digits} decimals; write it as a decimal string such as "${decimalOfMinor(EXAMPLE_MINOR, currency)}"`,
      );
    }
    minor[plan] = amount;
  }
  return minor;
}

function minorPriceTable(
  table: Readonly<Record<string, PlanPrices>>,
  currency: string,
  place: string,
  problem: (what: string) => ConfigError,
): Record<string, MinorPrices> {
  return Object.fromEntries(
    Object.entries(table).map(([skuId, written]) => [
      skuId,
      minorPricesOf(written, currency, { skuId, place: `${place}/${skuId}` }, problem),
    ]),
  );
}

/** The content's short hash, the version of a file that names none (docs/api.md, Money). */
function contentVersion(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex').slice(0, HASH_DIGITS)}`;
}

/** A price file's parsed JSON (and the text it came from), checked; `problem` names its source. */
function checkedPriceList(
  value: unknown,
  text: string,
  problem: (what: string) => ConfigError,
): PriceList {
  const wrong = shapeProblem(value);
  if (wrong !== null) throw problem(wrong);
  const parsed = value as PriceFile;
  const { currency } = parsed;
  if (!isKnownCurrency(currency)) {
    throw problem(`currency '${currency}' is not an ISO 4217 currency code`);
  }
  const customers = Object.fromEntries(
    Object.entries(parsed.customers ?? {}).map(([customerId, table]) => [
      customerId,
      minorPriceTable(table, currency, `customers/${customerId}`, problem),
    ]),
  );
  return {
    currency,
    version: parsed.version ?? contentVersion(text),
    prices: minorPriceTable(parsed.prices, currency, 'prices', problem),
    customers,
  };
}

/** Reads and checks PRICE_FILE; null when none is configured. Throws ConfigError on a bad file. */
export function readPriceList(file: string | null): PriceList | null {
  if (file === null) return null;
  const problem = (what: string) => new ConfigError(`PRICE_FILE ${file}: ${what}.`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw problem(`cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw problem('is not JSON');
  }
  return checkedPriceList(value, text, problem);
}

/**
 * The prices the portal shows: PRICE_FILE's; without one, the sandbox's demo prices (shipped in the
 * build beside the sandbox, so a release without src/ has them too), and none in google mode.
 */
export function pricesOf(config: Pick<ServerConfig, 'priceFile' | 'provider'>): PriceList | null {
  if (config.priceFile !== null) return readPriceList(config.priceFile);
  if (config.provider !== 'sandbox') return null;
  return checkedPriceList(
    SANDBOX_PRICES,
    JSON.stringify(SANDBOX_PRICES),
    (what) => new ConfigError(`The sandbox's demo prices: ${what}.`),
  );
}

/** Google answers ANNUAL_MONTHLY_PAY as ANNUAL (docs/api.md, GET /api/subscription-info). */
export function pricedPlanOf(planName: string): PricedPlan | null {
  if (planName === 'ANNUAL' || planName === 'ANNUAL_MONTHLY_PAY') return 'ANNUAL_MONTHLY_PAY';
  if (planName === 'ANNUAL_YEARLY_PAY') return 'ANNUAL_YEARLY_PAY';
  return null;
}

/** A seat's price in minor units: the customer's own for this SKU and plan, else the reseller's; null for none. */
export function seatPriceFor(
  list: PriceList,
  customerId: string,
  skuId: string,
  plan: PricedPlan,
): number | null {
  return list.customers[customerId]?.[skuId]?.[plan] ?? list.prices[skuId]?.[plan] ?? null;
}
