// Money in integer minor units (docs/api.md, Money): the currency's digits, a price file's decimal
// text read exactly, and an amount written for people, all without a floating-point step.

/** The digits of the currency's minor unit (ISO 4217: EUR 2, JPY 0, KWD 3), as Intl knows them. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 0
  );
}

const DECIMAL = /^([0-9]+)(?:\.([0-9]+))?$/;

/**
 * A decimal in the major unit ("14.40") as integer minor units (1440); null when it is not plain
 * digits, has more decimals than the currency's minor unit, or is past the safe integers.
 */
export function minorUnitsOf(decimal: string, currency: string): number | null {
  const match = DECIMAL.exec(decimal);
  if (match === null) return null;
  const [, whole = '', fraction = ''] = match;
  const digits = minorUnitDigits(currency);
  if (fraction.length > digits) return null;
  const minor = BigInt(`${whole}${fraction.padEnd(digits, '0')}`);
  return minor <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(minor) : null;
}

/** Integer minor units as the exact decimal in the major unit: 1440 EUR is "14.40", 1500 JPY "1500". */
export function decimalOfMinor(amountMinor: number, currency: string): `${number}` {
  const digits = minorUnitDigits(currency);
  const text = BigInt(amountMinor)
    .toString()
    .padStart(digits + 1, '0');
  if (digits === 0) return text as `${number}`;
  return `${text.slice(0, -digits)}.${text.slice(-digits)}` as `${number}`;
}

/**
 * An amount in minor units as the language writes it in the currency, e.g. €28.80: Intl formats the
 * exact decimal text (it reads strings as decimals), so no amount passes through a float.
 */
export function formatMoney(amountMinor: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    decimalOfMinor(amountMinor, currency),
  );
}
