// When a change was asked for, as a mail's recipient reads it (docs/notifications.md, E-mail): in the
// time zone their browser last named, else in UTC, the zone named either way.

const DATE_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** e.g. '2030-01-15 10:00:00 Europe/Paris', or '2030-01-15 09:00:00 UTC' without a zone. */
export function dateIn(at: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  const parts = new Intl.DateTimeFormat('en', { ...DATE_PARTS, timeZone: zone }).formatToParts(
    new Date(at),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((piece) => piece.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')} ${zone}`;
}
