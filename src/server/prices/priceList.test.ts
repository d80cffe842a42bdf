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
        prices: { '1010020028': { ANNUAL_MONTHLY_PAY: 14.4, ANNUAL_YEARLY_PAY: 144 } },
        customers: { C0abc123: { '1010020028': { ANNUAL_MONTHLY_PAY: 12.5 } } },
      }),
    ),
  );
  expect(list).not.toBeNull();
  if (list === null) return;
  expect(list.currency).toBe('EUR');
  expect(seatPriceFor(list, 'C0abc123', '1010020028', 'ANNUAL_MONTHLY_PAY')).toBe(12.5);
  expect(seatPriceFor(list, 'C0abc123', '1010020028', 'ANNUAL_YEARLY_PAY')).toBe(144);
  expect(seatPriceFor(list, 'C0other01', '1010020028', 'ANNUAL_MONTHLY_PAY')).toBe(14.4);
  expect(seatPriceFor(list, 'C0other01', '1010020025', 'ANNUAL_MONTHLY_PAY')).toBeNull();
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
    'prices/1010020028/ANNUAL_MONTHLY_PAY must be >= 0',
  ],
  [
    'a price JSON reads as Infinity',
    '{"currency": "EUR", "prices": {"1010020028": {"ANNUAL_MONTHLY_PAY": 1e999}}}',
    'prices/1010020028/ANNUAL_MONTHLY_PAY must be a finite number',
  ],
  [
    'a price as text',
    '{"currency": "EUR", "customers": {}, "prices": {"1010020028": {"ANNUAL_YEARLY_PAY": "144"}}}',
    'prices/1010020028/ANNUAL_YEARLY_PAY must be a finite number',
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
