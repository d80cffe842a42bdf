import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../configError';
import { effectiveMaximum, readSeatPolicy } from './seatPolicy';

// The reseller's annual seat cap: ANNUAL_SEAT_CAP, per-customer overrides in SEAT_CAP_FILE, and the
// maximum the portal reports from it.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seat-policy-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function capFile(content: string): string {
  const file = path.join(dir, 'caps.json');
  writeFileSync(file, content);
  return file;
}

function configError(env: NodeJS.ProcessEnv): string {
  try {
    readSeatPolicy(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

it('caps every annual subscription at 50 by default', () => {
  expect(readSeatPolicy({}).annualCap('C0any')).toBe(50);
});

it('reads ANNUAL_SEAT_CAP and per-customer caps from SEAT_CAP_FILE', () => {
  const policy = readSeatPolicy({
    ANNUAL_SEAT_CAP: '120',
    SEAT_CAP_FILE: capFile('{"C0big0001": 2000, "C0small01": 12}'),
  });
  expect(policy.annualCap('C0big0001')).toBe(2000);
  expect(policy.annualCap('C0small01')).toBe(12);
  expect(policy.annualCap('C0other01')).toBe(120);
});

it.each([
  [{ ANNUAL_SEAT_CAP: '0' }, 'ANNUAL_SEAT_CAP'],
  [{ ANNUAL_SEAT_CAP: 'fifty' }, 'ANNUAL_SEAT_CAP'],
  [{ ANNUAL_SEAT_CAP: '12.5' }, 'ANNUAL_SEAT_CAP'],
])('names ANNUAL_SEAT_CAP when its value is unusable (%j)', (env, name) => {
  expect(configError(env)).toContain(name);
});

it.each([
  ['not JSON', '{"C0acme001": 30', 'not valid JSON'],
  ['a list', '[30]', 'must be a JSON object'],
  ['a cap that is not a whole number', '{"C0acme001": "30"}', 'C0acme001'],
  ['a cap of zero', '{"C0acme001": 0}', 'C0acme001'],
])('stops with one line naming SEAT_CAP_FILE for %s', (_case, content, detail) => {
  const message = configError({ SEAT_CAP_FILE: capFile(content) });
  expect(message).toContain('SEAT_CAP_FILE');
  expect(message).toContain(detail);
  expect(message).not.toContain('\n');
});

it('names SEAT_CAP_FILE when the file cannot be read', () => {
  expect(configError({ SEAT_CAP_FILE: path.join(dir, 'missing.json') })).toMatch(
    /^SEAT_CAP_FILE names a file that cannot be read/,
  );
});

it("reports Google's maximum where it gives one, else the cap, never below the seats bought", () => {
  const policy = readSeatPolicy({ ANNUAL_SEAT_CAP: '30' });
  expect(effectiveMaximum(policy, 'C0x', 300, 10)).toBe(300);
  expect(effectiveMaximum(policy, 'C0x', null, 20)).toBe(30);
  expect(effectiveMaximum(policy, 'C0x', null, 45)).toBe(45);
});

it("on an annual plan the reseller's cap holds: the smaller of the cap and Google's maximum", () => {
  const policy = readSeatPolicy({ ANNUAL_SEAT_CAP: '50' });
  const annual = { annual: true, trial: false };
  expect(effectiveMaximum(policy, 'C0x', 300, 20, annual)).toBe(50);
  expect(effectiveMaximum(policy, 'C0x', 30, 20, annual)).toBe(30);
  expect(effectiveMaximum(policy, 'C0x', null, 20, annual)).toBe(50);
  expect(effectiveMaximum(policy, 'C0x', 300, 70, annual)).toBe(70);
});

it("an annual plan in its trial stops at Google's 10 seats", () => {
  const policy = readSeatPolicy({ ANNUAL_SEAT_CAP: '50' });
  expect(effectiveMaximum(policy, 'C0x', null, 3, { annual: true, trial: true })).toBe(10);
  expect(effectiveMaximum(policy, 'C0x', 300, 3, { annual: true, trial: true })).toBe(10);
  expect(
    effectiveMaximum(readSeatPolicy({ ANNUAL_SEAT_CAP: '5' }), 'C0x', null, 3, {
      annual: true,
      trial: true,
    }),
  ).toBe(5);
});
