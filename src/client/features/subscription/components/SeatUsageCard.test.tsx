import { render, screen } from '@testing-library/react';
import { SeatUsageCard } from './SeatUsageCard';

// The seat-usage bar (docs/behaviour.md 4.25): a progress bar named and described for assistive
// technology, filled to the share assigned, its figure at its end until it is full, then a check.

function drawCard(licensedNumberOfSeats: number, numberOfSeats = 20) {
  render(
    <SeatUsageCard
      subscription={{ licensedNumberOfSeats, numberOfSeats, isAnnual: true }}
      mayAdd
    />,
  );
  return screen.getByRole('progressbar', { name: 'Seat usage' });
}

describe('the seat-usage bar', () => {
  it.each([
    [0, '0%'],
    [9, '45%'],
    [17, '85%'],
  ])('with %p of 20 assigned shows %s and says how many are assigned', (assigned, figure) => {
    const bar = drawCard(assigned);
    expect(bar).toHaveAttribute('aria-valuenow', figure.replace('%', ''));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', `${assigned} of 20 licenses assigned`);
    expect(bar).toHaveTextContent(figure);
  });

  it.each([20, 24])('is full with %p of 20 assigned and shows a check, no figure', (assigned) => {
    const bar = drawCard(assigned);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar).not.toHaveTextContent('%');
    expect(bar.querySelector('svg')).not.toBeNull();
  });
});
