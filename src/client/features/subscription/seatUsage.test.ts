import { seatUsage } from './seatUsage';

const usage = (total: number, assigned: number) =>
  seatUsage({ numberOfSeats: total, licensedNumberOfSeats: assigned });

describe('seatUsage', () => {
  it('counts free licences and the assigned share', () => {
    expect(usage(20, 17)).toEqual({
      total: 20,
      assigned: 17,
      free: 3,
      percent: 85,
      nearlyFull: false,
    });
  });

  it('warns from exactly 90 % on', () => {
    expect(usage(20, 18)).toMatchObject({ percent: 90, nearlyFull: true });
    expect(usage(1000, 899)).toMatchObject({ percent: 89, nearlyFull: false });
    expect(usage(1000, 900)).toMatchObject({ percent: 90, nearlyFull: true });
  });

  it('never rounds up to a percentage that would need a warning', () => {
    // 17 of 19 is 89.47 %: shown as 89 %, no warning.
    expect(usage(19, 17)).toMatchObject({ percent: 89, nearlyFull: false });
  });

  it('warns when none is free, even below 90 % (a small subscription)', () => {
    expect(usage(5, 5)).toMatchObject({ free: 0, percent: 100, nearlyFull: true });
    expect(usage(0, 0)).toMatchObject({ free: 0, percent: 100, nearlyFull: true });
  });

  it('keeps free at zero and the bar at 100 % when more are assigned than bought', () => {
    expect(usage(10, 12)).toMatchObject({ free: 0, percent: 100, nearlyFull: true });
  });
});
