// CSV as the portal writes it (docs/api.md, CSV): RFC 4180, every cell quoted, quotes doubled, CRLF
// between rows, and safe to open in a spreadsheet. The customers' history and the reseller's ledger
// both write their files with these rules.

// A cell a spreadsheet would run as a formula starts with one of these (OWASP's CSV injection list).
const FORMULA_START = /^[=+\-@\t\r]/;

/** Lets a spreadsheet read the file as UTF-8, so an arrow or an accent survives. */
export const BYTE_ORDER_MARK = '\uFEFF';

export const CSV_LINE_END = '\r\n';

/** One cell: a leading formula character is defused with an apostrophe, then the cell is quoted. */
export function csvCell(value: string): string {
  const defused = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${defused.replace(/"/g, '""')}"`;
}

/** One row with its line end. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}${CSV_LINE_END}`;
}
