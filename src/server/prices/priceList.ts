import { readFileSync } from 'node:fs';
import { Compile } from 'typebox/compile';
import { PriceFile, type PlanPrices, type PricedPlan } from '../../contract/prices';
import type { ServerConfig } from '../config';
import { ConfigError } from '../configError';
import { SANDBOX_PRICES } from '../providers/sandbox/demoPrices';

// PRICE_FILE, read once at start-up (README, Configuration): a bad file stops the server with one
// line naming the file and what is wrong; no file means no prices, and the portal shows none.

const checkPriceFile = Compile(PriceFile);

/** The reseller's prices as read from PRICE_FILE. */
export interface PriceList {
  currency: string;
  prices: Readonly<Record<string, PlanPrices>>;
  customers: Readonly<Record<string, Readonly<Record<string, PlanPrices>>>>;
}

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

/** A price file's parsed JSON, checked; `problem` names where it came from. */
function checkedPriceList(value: unknown, problem: (what: string) => ConfigError): PriceList {
  const wrong = shapeProblem(value);
  if (wrong !== null) throw problem(wrong);
  const parsed = value as PriceFile;
  if (!isKnownCurrency(parsed.currency)) {
    throw problem(`currency '${parsed.currency}' is not an ISO 4217 currency code`);
  }
  return { currency: parsed.currency, prices: parsed.prices, customers: parsed.customers ?? {} };
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
  return checkedPriceList(value, problem);
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
    (what) => new ConfigError(`The sandbox's demo prices: ${what}.`),
  );
}

/** Google answers ANNUAL_MONTHLY_PAY as ANNUAL (docs/api.md, GET /api/subscription-info). */
export function pricedPlanOf(planName: string): PricedPlan | null {
  if (planName === 'ANNUAL' || planName === 'ANNUAL_MONTHLY_PAY') return 'ANNUAL_MONTHLY_PAY';
  if (planName === 'ANNUAL_YEARLY_PAY') return 'ANNUAL_YEARLY_PAY';
  return null;
}

/** A seat's price for the customer: their own for this SKU and plan, else the reseller's; null for none. */
export function seatPriceFor(
  list: PriceList,
  customerId: string,
  skuId: string,
  plan: PricedPlan,
): number | null {
  return list.customers[customerId]?.[skuId]?.[plan] ?? list.prices[skuId]?.[plan] ?? null;
}
