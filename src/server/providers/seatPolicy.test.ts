import { createSeatPolicy, effectiveMaximum } from './seatPolicy';

// The maximum the portal reports from the customer's seat cap (the reseller console's settings,
// settings/portalSettings.test.ts) and Google's own maximum.

it("reports Google's maximum where it gives one, else the cap, never below the seats bought", () => {
  const policy = createSeatPolicy(30);
  expect(effectiveMaximum(policy, 'C0x', 300, 10)).toBe(300);
  expect(effectiveMaximum(policy, 'C0x', null, 20)).toBe(30);
  expect(effectiveMaximum(policy, 'C0x', null, 45)).toBe(45);
});

it("on an annual plan the reseller's cap holds: the smaller of the cap and Google's maximum", () => {
  const policy = createSeatPolicy(50);
  const annual = { annual: true, trial: false };
  expect(effectiveMaximum(policy, 'C0x', 300, 20, annual)).toBe(50);
  expect(effectiveMaximum(policy, 'C0x', 30, 20, annual)).toBe(30);
  expect(effectiveMaximum(policy, 'C0x', null, 20, annual)).toBe(50);
  expect(effectiveMaximum(policy, 'C0x', 300, 70, annual)).toBe(70);
});

it("an annual plan in its trial stops at Google's 10 seats", () => {
  const policy = createSeatPolicy(50);
  expect(effectiveMaximum(policy, 'C0x', null, 3, { annual: true, trial: true })).toBe(10);
  expect(effectiveMaximum(policy, 'C0x', 300, 3, { annual: true, trial: true })).toBe(10);
  expect(effectiveMaximum(createSeatPolicy(5), 'C0x', null, 3, { annual: true, trial: true })).toBe(
    5,
  );
});
