import { delegateEntry, licenceEntry } from '../../../testing/sampleAnswers';
import { entryInWords, whenInWords } from './historyWords';

describe('entryInWords', () => {
  it('says how many licences were added, with the totals before and after', () => {
    expect(entryInWords(licenceEntry({ before: 20, after: 25 }))).toBe(
      'Added 5 licenses (20 → 25)',
    );
    expect(entryInWords(licenceEntry({ before: 20, after: 21 }))).toBe('Added 1 license (20 → 21)');
  });

  it('says a total changed outside the portal, up or down, with the totals before and after', () => {
    expect(entryInWords(licenceEntry({ state: 'outside-change', before: 20, after: 22 }))).toBe(
      'Changed to 22 licenses at Google (20 → 22)',
    );
    expect(entryInWords(licenceEntry({ state: 'outside-change', before: 2, after: 1 }))).toBe(
      'Changed to 1 license at Google (2 → 1)',
    );
  });

  it.each([
    ['licence-delegate', 'add', 'Gave license management access to x@acme.example'],
    ['licence-delegate', 'delete', 'Removed license management access from x@acme.example'],
    ['support-delegate', 'add', 'Gave support access to x@acme.example'],
    ['support-delegate', 'delete', 'Removed support access from x@acme.example'],
  ] as const)('%s %s: %p', (kind, action, words) => {
    expect(entryInWords(delegateEntry({ kind, action }))).toBe(words);
  });
});

describe('whenInWords', () => {
  // ICU versions differ in which space goes before AM/PM; the words are what matter.
  const when = (at: string, timeZone: string, locale: string) =>
    whenInWords(at, timeZone, locale).replace(/\s/g, ' ');

  it("writes the moment in the viewer's time zone, naming the zone", () => {
    const at = '2030-01-15T09:00:00.000Z';
    expect(when(at, 'UTC', 'en-GB')).toBe('15 Jan 2030, 09:00 UTC');
    expect(when(at, 'Asia/Tokyo', 'en-GB')).toBe('15 Jan 2030, 18:00 GMT+9');
    // Late in the evening in New York is already the next day in UTC.
    expect(when('2030-01-16T02:30:00.000Z', 'America/New_York', 'en-US')).toBe(
      'Jan 15, 2030, 9:30 PM EST',
    );
  });

  it("uses the viewer's own time zone when none is given", () => {
    const at = '2030-01-15T09:00:00.000Z';
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(whenInWords(at)).toBe(whenInWords(at, own));
  });
});
