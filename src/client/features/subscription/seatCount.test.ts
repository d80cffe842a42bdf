import { canAddSeats, maxSeatsToAdd, normaliseSeatCount } from './seatCount';

describe('maxSeatsToAdd', () => {
  it('is maximumNumberOfSeats minus numberOfSeats', () => {
    expect(maxSeatsToAdd({ maximumNumberOfSeats: 50, numberOfSeats: 20 })).toBe(30);
  });

  it('is never negative', () => {
    expect(maxSeatsToAdd({ maximumNumberOfSeats: 10, numberOfSeats: 12 })).toBe(0);
  });
});

describe('normaliseSeatCount', () => {
  const max = 30;

  it('keeps whole numbers within 0..max', () => {
    expect(normaliseSeatCount('0', max)).toBe(0);
    expect(normaliseSeatCount('7', max)).toBe(7);
    expect(normaliseSeatCount(' 30 ', max)).toBe(30);
  });

  it('clamps a typed value over the maximum to the maximum', () => {
    expect(normaliseSeatCount('31', max)).toBe(30);
    expect(normaliseSeatCount('99999999999999999999', max)).toBe(30);
    expect(normaliseSeatCount('45.5', max)).toBe(30);
    expect(normaliseSeatCount('1e3', max)).toBe(30);
  });

  it('turns any other invalid number into 0', () => {
    expect(normaliseSeatCount('-5', max)).toBe(0);
    expect(normaliseSeatCount('2.5', max)).toBe(0);
    expect(normaliseSeatCount('-0.1', max)).toBe(0);
  });

  it('clears non-numeric input', () => {
    for (const typed of ['', '   ', 'abc', '12abc', '-', '1,5', 'NaN', 'Infinity']) {
      expect(normaliseSeatCount(typed, max)).toBeNull();
    }
  });

  it('normalises a very long paste: digits clamp to the maximum, anything else is cleared', () => {
    const longPaste = '1'.repeat(100_000);
    expect(normaliseSeatCount(`${longPaste}x`, max)).toBeNull();
    expect(normaliseSeatCount(longPaste, max)).toBe(max);
  });
});

describe('canAddSeats', () => {
  it('is false for zero or empty and true above zero', () => {
    expect(canAddSeats(null)).toBe(false);
    expect(canAddSeats(0)).toBe(false);
    expect(canAddSeats(1)).toBe(true);
  });
});
