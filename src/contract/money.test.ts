import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import { decimalOfMinor, formatMoney, minorUnitDigits, minorUnitsOf } from './money';

// Money in integer minor units (docs/api.md, GET /api/price-preview, Money): read exactly, written
// exactly, and no contract field of money is a float.

describe('minorUnitsOf', () => {
  it.each([
    ['14.40', 'EUR', 1440],
    ['14.4', 'EUR', 1440],
    ['14', 'EUR', 1400],
    ['0', 'EUR', 0],
    ['1500', 'JPY', 1500],
    ['45.125', 'KWD', 45125],
    ['0.001', 'BHD', 1],
    ['90071992547409.91', 'EUR', Number.MAX_SAFE_INTEGER],
  ])('reads %s %s as %d minor units', (decimal, currency, minor) => {
    expect(minorUnitsOf(decimal, currency)).toBe(minor);
  });

  it.each([
    ['14.405', 'EUR'],
    ['14.5', 'JPY'],
    ['0.30000000000000004', 'EUR'],
    ['1e+21', 'EUR'],
    ['-1', 'EUR'],
    ['14,40', 'EUR'],
    ['.5', 'EUR'],
    ['Infinity', 'EUR'],
    ['90071992547409.92', 'EUR'],
  ])('refuses %s %s', (decimal, currency) => {
    expect(minorUnitsOf(decimal, currency)).toBeNull();
  });
});

describe('decimalOfMinor and formatMoney', () => {
  it('writes the exact decimal of the integer in the currency’s digits', () => {
    expect(decimalOfMinor(1440, 'EUR')).toBe('14.40');
    expect(decimalOfMinor(5, 'EUR')).toBe('0.05');
    expect(decimalOfMinor(0, 'EUR')).toBe('0.00');
    expect(decimalOfMinor(1500, 'JPY')).toBe('1500');
    expect(decimalOfMinor(22748, 'KWD')).toBe('22.748');
    expect(decimalOfMinor(Number.MAX_SAFE_INTEGER, 'EUR')).toBe('90071992547409.91');
  });

  it('formats amounts as the language writes the currency, exact past what a float holds', () => {
    expect(formatMoney(2880, 'EUR', 'en')).toBe('€28.80');
    expect(formatMoney(3545, 'JPY', 'en')).toBe('¥3,545');
    expect(formatMoney(22748, 'KWD', 'en')).toBe('KWD\u00a022.748');
    expect(formatMoney(11930, 'EUR', 'de')).toBe('119,30\u00a0€');
    // The float of these cents ÷ 100 prints €90,071,992,547,409.90; the decimal text is exact.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR', 'en')).toBe('€90,071,992,547,409.91');
  });

  it('knows the minor digits of ISO 4217', () => {
    expect([minorUnitDigits('EUR'), minorUnitDigits('JPY'), minorUnitDigits('KWD')]).toEqual([
      2, 0, 3,
    ]);
  });
});

type Schema = Record<string, unknown>;

const MONEY_NAME = /price|amount|charge|increase|renewal|cost/i;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema itself and, for a union, its members. */
function alternatives(schema: Schema): Schema[] {
  const members = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isSchema) : [];
  return [schema, ...members];
}

/** Every named property of every object schema reachable from `schema`, with where it sits. */
function* propertiesOf(schema: unknown, place: string): Generator<[string, string, Schema]> {
  if (!isSchema(schema)) return;
  const properties = isSchema(schema.properties) ? schema.properties : {};
  for (const [name, child] of Object.entries(properties)) {
    if (!isSchema(child)) continue;
    yield [`${place}.${name}`, name, child];
    yield* propertiesOf(child, `${place}.${name}`);
  }
  for (const key of ['anyOf', 'items']) {
    const nested = schema[key];
    for (const child of Array.isArray(nested) ? nested : [nested]) {
      yield* propertiesOf(child, place);
    }
  }
  if (isSchema(schema.patternProperties)) {
    for (const child of Object.values(schema.patternProperties)) yield* propertiesOf(child, place);
  }
}

/** What is wrong with the money fields of a schema: one line per field. */
function floatMoney(schema: unknown, place: string): string[] {
  const problems: string[] = [];
  for (const [where, name, child] of propertiesOf(schema, place)) {
    if (name.endsWith('Minor') && child.type !== 'integer') {
      problems.push(`${where} ends in Minor but is not Type.Integer`);
    }
    if (MONEY_NAME.test(name) && alternatives(child).some((member) => member.type === 'number')) {
      problems.push(`${where} is money as a Number`);
    }
  }
  return problems;
}

describe('no float for money in the contract', () => {
  it('flags a float amount and a minor-unit field that is not an integer', () => {
    const floats = Type.Object({
      amount: Type.Number(),
      charge: Type.Union([Type.Null(), Type.Object({ totalMinor: Type.Number() })]),
      seats: Type.Number(),
    });
    expect(floatMoney(floats, 'Floats')).toEqual([
      'Floats.amount is money as a Number',
      'Floats.charge.totalMinor ends in Minor but is not Type.Integer',
    ]);
  });

  const folder = __dirname;
  const modules = readdirSync(folder).filter(
    (file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.endsWith('.d.ts'),
  );

  it.each(modules)('%s declares every amount as an integer of minor units', async (file) => {
    const exported = (await import(path.join(folder, file))) as Record<string, unknown>;
    const problems = Object.entries(exported).flatMap(([name, value]) =>
      floatMoney(value, `${file}:${name}`),
    );
    expect(problems).toEqual([]);
  });

  it('finds the charge and the preview among the schemas it walks', async () => {
    const prices = (await import('./prices')) as Record<string, unknown>;
    const walked = Object.entries(prices).flatMap(([name, value]) =>
      [...propertiesOf(value, name)].map(([where]) => where),
    );
    expect(walked).toEqual(
      expect.arrayContaining([
        'PurchaseCharge.amountMinor',
        'MonthlyPricePreview.untilRenewalMinor',
      ]),
    );
  });
});
