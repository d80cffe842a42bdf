// docs/security.md's permission matrix and the matrix the authorization test runs are the same:
// every endpoint, every caller's status, and the fields tried tampered.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CALLERS, MATRIX, type Caller } from './support/authorizationMatrix';

const DOC = readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'security.md'), 'utf8');

function matrixTable(): { header: string[]; rows: string[][] } {
  const section = DOC.split(/^## /m).find((part) => part.startsWith('Permission matrix'));
  if (section === undefined) throw new Error('docs/security.md has no Permission matrix section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const [header = '', , ...rows] = lines;
  return { header: cells(header), rows: rows.map(cells) };
}

it('has one column per caller, in the matrix’s order', () => {
  const { header } = matrixTable();
  expect(header.slice(1, 1 + CALLERS.length)).toEqual([...CALLERS]);
});

it('has one line per endpoint of the matrix, with the statuses the test expects', () => {
  const { header, rows } = matrixTable();
  const documented = rows.map((row) => (row[0] ?? '').replace(/`/g, ''));
  expect(documented.sort()).toEqual(Object.keys(MATRIX).sort());
  for (const row of rows) {
    const key = (row[0] ?? '').replace(/`/g, '');
    const entry = MATRIX[key];
    if (entry === undefined) throw new Error(`No matrix row for ${key}`);
    for (const [index, caller] of header.entries()) {
      if (!(CALLERS as readonly string[]).includes(caller)) continue;
      const status = entry.expect[caller as Caller];
      expect({ key, caller, status: Number(row[index]) }).toEqual({ key, caller, status });
    }
    const fields = [...(row[header.length - 1] ?? '').matchAll(/`(\w+)`/g)].map(
      (match) => match[1],
    );
    expect({ key, fields: fields.sort() }).toEqual({ key, fields: [...entry.tamper].sort() });
  }
});

it('counts the calls the authorization test makes: each method (GET with HEAD), caller and field', () => {
  const calls = Object.entries(MATRIX).reduce((sum, [row, entry]) => {
    const methods = row.startsWith('GET ') ? 2 : 1;
    return sum + methods * CALLERS.length * (1 + entry.tamper.length);
  }, 0);
  const figure = /every tampered\s+field \((\d+) calls\)/.exec(DOC);
  expect(Number(figure?.[1])).toBe(calls);
});
