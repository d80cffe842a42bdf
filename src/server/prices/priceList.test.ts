import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../configError';
import { readPriceList, seatPriceFor } from './priceList';

// PRICE_FILE (README, Configuration): a bad file stops the start with one line naming the file and
// what is wrong; a customer's own price overrides the reseller's, plan by plan.

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'portal-prices-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

function priceFile(content: string): string {
  const file = path.join(folder, 'prices.json');
  writeFileSync(file, content);
  return file;
}

function problemOf(file: string): string {
  try {
    readPriceList(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the price file was accepted');
}

it('reads the reseller’s prices and lets a customer’s own price override one plan', () => {
  const list = readPriceList(
    priceFile(
      JSON.stringify({
        currency: 'EUR',
        prices: { '1010020028': { ANNUAL_MONTHLY_PAY: '14.40', ANNUAL_YEARLY_PAY: '144' } },
        customers: { C0abc123: { '1010020028': { ANNUAL_MONTHLY_PAY: '12.5' } } },
      }),
    ),
  );
  expect(list).not.toBeNull();
  if (list === null) return;
  expect(list.currency).toBe('EUR');
  // Integer minor units (docs/api.md, Money): 12.5 EUR is 1250 cents.
  expect(seatPriceFor(list, 'C0abc123', '1010020028', 'ANNUAL_MONTHLY_PAY')).toBe(1250);
  expect(seatPriceFor(list, 'C0abc123', '1010020028', 'ANNUAL_YEARLY_PAY')).toBe(14400);
  expect(seatPriceFor(list, 'C0other01', '1010020028', 'ANNUAL_MONTHLY_PAY')).toBe(1440);
  expect(seatPriceFor(list, 'C0other01', '1010020025', 'ANNUAL_MONTHLY_PAY')).toBeNull();
});

it('still reads an older file’s JSON numbers, exactly, by their shortest decimal form', () => {
  const list = readPriceList(
    priceFile(
      '{"currency": "JPY", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": 1500, "ANNUAL_YEARLY_PAY": 18000}}}',
    ),
  );
  expect(list?.prices['1010020028']).toEqual({
    ANNUAL_MONTHLY_PAY: 1500,
    ANNUAL_YEARLY_PAY: 18000,
  });
  const euros = readPriceList(
    priceFile('{"currency": "KWD", "prices": {"1010020028": {"ANNUAL_YEARLY_PAY": 45.125}}}'),
  );
  expect(euros?.prices['1010020028']).toEqual({ ANNUAL_YEARLY_PAY: 45125 });
});

it('versions the prices: the file’s own version, else a short hash of its content', () => {
  const named = readPriceList(priceFile('{"currency": "EUR", "version": "2026-11", "prices": {}}'));
  expect(named?.version).toBe('2026-11');
  const first = readPriceList(
    priceFile('{"currency": "EUR", "prices": {"1": {"ANNUAL_MONTHLY_PAY": "1.00"}}}'),
  );
  const again = readPriceList(
    priceFile('{"currency": "EUR", "prices": {"1": {"ANNUAL_MONTHLY_PAY": "1.00"}}}'),
  );
  const changed = readPriceList(
    priceFile('{"currency": "EUR", "prices": {"1": {"ANNUAL_MONTHLY_PAY": "1.01"}}}'),
  );
  expect(first?.version).toMatch(/^sha256:[0-9a-f]{12}$/);
  expect(again?.version).toBe(first?.version);
  expect(changed?.version).not.toBe(first?.version);
});

it('shows no price without a file', () => {
  expect(readPriceList(null)).toBeNull();
});

it.each([
  ['not JSON', '{"currency": "EUR",', 'is not JSON'],
  ['a missing field', '{"currency": "EUR"}', 'the top level must have required properties prices'],
  ['an unknown field', '{"currency": "EUR", "prices": {}, "tax": 20}', 'unknown field tax'],
  [
    'an unknown plan',
    '{"currency": "EUR", "prices": {"1010020028": {"FLEXIBLE": 1}}}',
    'unknown field prices/1010020028/FLEXIBLE',
  ],
  ['an unknown currency', '{"currency": "XQQ", "prices": {}}', "currency 'XQQ' is not an ISO 4217"],
  ['a currency in other letters', '{"currency": "eur", "prices": {}}', 'currency must match'],
  [
    'a negative price',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": -1}}}',
    'the price of SKU 1010020028, plan ANNUAL_MONTHLY_PAY (prices/1010020028/ANNUAL_MONTHLY_PAY) is -1, not an amount of EUR with at most 2 decimals; write it as a decimal string such as "14.40"',
  ],
  [
    'a price JSON reads as Infinity',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": 1e999}}}',
    'prices/1010020028/ANNUAL_MONTHLY_PAY must be a decimal string such as "14.40"',
  ],
  [
    'a price with more decimals than the currency has',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_YEARLY_PAY": 14.405}}}',
    'the price of SKU 1010020028, plan ANNUAL_YEARLY_PAY (prices/1010020028/ANNUAL_YEARLY_PAY) is 14.405, not an amount of EUR with at most 2 decimals',
  ],
  [
    'a float’s artefact',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": 0.30000000000000004}}}',
    'is 0.30000000000000004, not an amount of EUR',
  ],
  [
    'yen with decimals, in a customer’s own price',
    '{"currency": "JPY", "prices": {}, "customers": {"C0abc123": {"1010020028": {"ANNUAL_MONTHLY_PAY": "1500.5"}}}}',
    'the price of SKU 1010020028, plan ANNUAL_MONTHLY_PAY (customers/C0abc123/1010020028/ANNUAL_MONTHLY_PAY) is 1500.5, not an amount of JPY with at most 0 decimals; write it as a decimal string such as "1440"',
  ],
  [
    'a price in words',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": "14,40"}}}',
    'is 14,40, not an amount of EUR',
  ],
  [
    'a price that is neither text nor a number',
    '{"currency": "EUR", "customers": {}, "prices": {"1010020028": {"ANNUAL_YEARLY_PAY": true}}}',
    'prices/1010020028/ANNUAL_YEARLY_PAY must be a decimal string such as "14.40"',
  ],
])('stops with one line naming the file for %s', (_case, content, detail) => {
  const file = priceFile(content);
  const message = problemOf(file);
  expect(message.startsWith(`PRICE_FILE ${file}: `)).toBe(true);
  expect(message).toContain(detail);
  expect(message).not.toContain('\n');
});

it('names the file when it cannot be read', () => {
  const file = path.join(folder, 'missing.json');
  expect(problemOf(file)).toBe(`PRICE_FILE ${file}: cannot be read (ENOENT).`);
});
