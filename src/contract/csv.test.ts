import { csvCell, csvLine } from './csv';

describe('csvCell', () => {
  it('quotes every cell and doubles quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
  });

  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x","y")'])(
    'defuses a cell a spreadsheet would run as a formula: %p',
    (value) => {
      const cell = csvCell(value);
      expect(cell.startsWith(`"'`)).toBe(true);
      expect(cell).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('leaves the same characters alone inside a cell', () => {
    expect(csvCell('a=b+c-d@e')).toBe('"a=b+c-d@e"');
  });
});

describe('csvLine', () => {
  it('quotes and defuses each cell and ends the row with CRLF', () => {
    expect(csvLine(['a', '-1', ''])).toBe(`"a","'-1",""\r\n`);
  });
});
