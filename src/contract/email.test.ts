import fc from 'fast-check';
import { hasInvisibleOrMarkup, isValidDelegateEmail, isValidHomeEmail } from './email';

// The shared e-mail rules: the client's forms and the server's endpoints import these same functions.

/** Characters that would let one address pass for another, or carry markup. */
const HOSTILE_CHARACTERS: [string, string][] = [
  ['a zero-width space', '\u200b'],
  ['a zero-width joiner', '\u200d'],
  ['a word joiner', '\u2060'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right isolate', '\u2066'],
  ['a byte-order mark', '\ufeff'],
  ['a soft hyphen', '\u00ad'],
  ['a NUL', '\u0000'],
  ['a line feed', '\n'],
  ['a DEL', '\u007f'],
  ['a C1 control', '\u0085'],
  ['a no-break space', '\u00a0'],
  ['a line separator', '\u2028'],
  ['a variation selector', '\ufe0f'],
  ['a Hangul filler', '\u3164'],
  ['a combining grapheme joiner', '\u034f'],
  ['a blank Braille pattern', '\u2800'],
  ['a private-use character', '\ue000'],
  ['a lone surrogate', '\ud800'],
  ['a less-than sign', '<'],
  ['a greater-than sign', '>'],
  ['a double quote', '"'],
  ['a backtick', '`'],
  ['an ampersand', '&'],
  ['a backslash', '\\'],
];

describe.each([
  ['home', isValidHomeEmail],
  ['delegate', isValidDelegateEmail],
])('the %s rule', (_rule, isValid) => {
  it.each(['admin@acme.example', "o'brien@acme.example", 'first.last+tag@sub.acme.example'])(
    'accepts %s',
    (email) => {
      expect(isValid(email)).toBe(true);
    },
  );

  it.each(HOSTILE_CHARACTERS)('refuses an address holding %s', (_name, character) => {
    expect(isValid(`admin${character}@acme.example`)).toBe(false);
    expect(isValid(`admin@acme${character}.example`)).toBe(false);
    expect(isValid(`${character}admin@acme.example`)).toBe(false);
  });

  it.each([
    ['markup', '<script>alert(1)</script>@x.io'],
    ['an image tag', '<img src=x onerror=alert(1)>@x.io'],
    ['two addresses', 'a@acme.example,b@acme.example'],
    ['a display name', 'Admin <admin@acme.example>'],
    ['no @', 'admin.acme.example'],
    ['nothing before the @', '@acme.example'],
    ['no dotted domain', 'admin@acme'],
    ['an empty domain label', 'admin@acme..example'],
    ['a trailing dot', 'admin@acme.example.'],
    ['a space', 'ad min@acme.example'],
    ['two @', 'a@b@acme.example'],
    ['a leading dot in the local part', '.admin@acme.example'],
    ['a double dot in the local part', 'ad..min@acme.example'],
    ['the empty string', ''],
    ['more than 254 characters', `a@${'d'.repeat(250)}.example`],
  ])('refuses %s', (_case, email) => {
    expect(isValid(email)).toBe(false);
  });

  it('refuses every address that holds an invisible or markup character', () => {
    const hostile = fc.constantFrom(...HOSTILE_CHARACTERS.map(([, character]) => character));
    const text = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(text, hostile, text, (before, character, after) => {
        expect(isValid(`${before}${character}${after}@acme.example`)).toBe(false);
        expect(isValid(`admin@${before}${character}${after}.example`)).toBe(false);
      }),
      { numRuns: 500, seed: 20_300_115 },
    );
  });
});

describe('the delegate rule stays looser than the home rule where docs/behaviour.md 5.4 allows', () => {
  it.each(['é@x.io', 'user@münchen.example', 'a@b.c'])('accepts %s', (email) => {
    expect(isValidDelegateEmail(email)).toBe(true);
    expect(isValidHomeEmail(email)).toBe(false);
  });
});

describe('hasInvisibleOrMarkup', () => {
  it('is false for any printable ASCII address without markup characters', () => {
    const printable = fc.string({
      unit: fc.constantFrom(
        ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%'*+-/=?^_{|}~.@",
      ),
      maxLength: 60,
    });
    fc.assert(
      fc.property(printable, (value) => !hasInvisibleOrMarkup(value)),
      { numRuns: 300, seed: 20_300_115 },
    );
  });
});
