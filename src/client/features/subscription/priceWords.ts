import { licenceCount } from '../../../contract/licenceWords';
import { formatMoney } from '../../../contract/money';
import type { PricePreview } from '../../../contract/prices';

// The price of a purchase in words (docs/behaviour.md 4.15, 7.3): amounts in the currency, dates
// and numbers in the browser's language; the server computed every amount (docs/api.md).

export const PRICE_TEXT = {
  loading: 'Working out the price…',
  unavailable: 'The price could not be shown right now; you can still add the licenses.',
} as const;

/** A space the line never breaks at. */
const NO_BREAK = '\u00a0';

/** A YYYY-MM-DD day in the browser's language, e.g. March 31, 2027. */
export function formatDay(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The confirm dialog's lines: what changes each period, and what is owed until the renewal. */
export function priceLines(preview: PricePreview, locale?: string): string[] {
  const money = (amountMinor: number) => formatMoney(amountMinor, preview.currency, locale);
  const renewal = formatDay(preview.termEnd, locale);
  // No break inside "2 × €14.40" nor before "tax" on a phone's narrow dialog.
  const each = `${preview.seats}${NO_BREAK}×${NO_BREAK}${money(preview.unitPriceMinor)}`;
  if (preview.plan === 'ANNUAL_MONTHLY_PAY') {
    return [
      `${money(preview.monthlyIncreaseMinor)} per month more (${each}), before${NO_BREAK}tax`,
      `${money(preview.untilRenewalMinor)} until the renewal on ${renewal}`,
    ];
  }
  return [
    `${money(preview.chargedNowMinor)} charged now for the rest of the term, until ${renewal}`,
    `${money(preview.yearlyIncreaseMinor)} per year more after the renewal (${each}), before${NO_BREAK}tax`,
  ];
}

/** The success dialog's line: the seats bought and, when one was shown, their price. */
export function boughtLine(
  seatsToAdd: number,
  preview: PricePreview | null,
  locale?: string,
): string {
  const bought = `You added ${licenceCount(seatsToAdd)}`;
  if (preview === null) return `${bought}.`;
  const money = (amountMinor: number) => formatMoney(amountMinor, preview.currency, locale);
  return preview.plan === 'ANNUAL_MONTHLY_PAY'
    ? `${bought} for ${money(preview.monthlyIncreaseMinor)} per month, before${NO_BREAK}tax.`
    : `${bought}: ${money(preview.chargedNowMinor)} charged now, then ${money(preview.yearlyIncreaseMinor)} per year, before${NO_BREAK}tax.`;
}
