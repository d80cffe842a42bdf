import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { PortalTheme } from '../app/PortalTheme';
import { ACCENT_COLOUR, WARN_COLOUR, portalTheme } from '../app/theme';
import { SeatBar } from './SeatBar';

// The seat-usage bar (docs/behaviour.md 2): a progress bar named and described for assistive
// technology, filled to the share assigned in the colour it is given, its figure at its end until it
// is full, then a check in the theme's success colour.

const token = theme.getDesignToken(portalTheme);

/** A colour as the browser reads it back from a style. */
function asDrawn(colour: string): string {
  const probe = document.createElement('span');
  probe.style.background = colour;
  return probe.style.background;
}

function drawBar(percent: number, colour = ACCENT_COLOUR) {
  const { container } = render(
    <PortalTheme>
      <SeatBar
        percent={percent}
        strokeColor={colour}
        aria-label="Seat usage"
        aria-valuetext="9 of 20 licenses assigned"
      />
    </PortalTheme>,
  );
  const bar = screen.getByRole('progressbar', { name: 'Seat usage' });
  const fill = container.querySelector<HTMLElement>('[data-part="fill"]');
  return { bar, fill };
}

describe('SeatBar', () => {
  it.each([
    [0, '0%'],
    [1, '1%'],
    [47, '47%'],
    [89, '89%'],
    [99, '99%'],
  ])('fills %p %% of its rail and shows the figure %s', (percent, figure) => {
    const { bar, fill } = drawBar(percent);
    expect(bar).toHaveAttribute('aria-valuenow', String(percent));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '9 of 20 licenses assigned');
    expect(fill?.style.width).toBe(`${percent}%`);
    expect(bar).toHaveTextContent(figure);
  });

  it.each([ACCENT_COLOUR, WARN_COLOUR])('fills in the colour it is given (%s)', (colour) => {
    expect(drawBar(47, colour).fill?.style.background).toBe(asDrawn(colour));
  });

  it.each([100, 120])(
    'is full at %p %% and shows a check in the success colour, no figure',
    (p) => {
      const { bar, fill } = drawBar(p);
      expect(fill?.style.width).toBe('100%');
      expect(bar).toHaveAttribute('aria-valuenow', '100');
      expect(bar).not.toHaveTextContent('%');
      expect(bar.querySelector('circle')).toHaveAttribute('fill', token.colorSuccess);
    },
  );

  it('draws a share below nothing as an empty rail', () => {
    const { bar, fill } = drawBar(-5);
    expect(fill?.style.width).toBe('0%');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveTextContent('0%');
  });
});
