import { Progress } from 'antd';
import { ACCENT_COLOUR, WARN_COLOUR } from '../app/theme';
import { drawnWithStyles } from '../test/drawnWithStyles';
import { SeatBar } from './SeatBar';

// SeatBar stands in for antd's line Progress on the dashboard: it must draw the same markup with the
// same styles for every share the seat usage can show, or the page would change with it.

// 0, a middle share, the warning's 90 % and above, and full; over 100 and below 0 as Progress clamps them.
const PERCENTS = [0, 1, 47, 89, 90, 95, 99, 100, 120, -5];

describe('SeatBar', () => {
  it.each(
    PERCENTS.flatMap((percent) => [ACCENT_COLOUR, WARN_COLOUR].map((colour) => [percent, colour])),
  )('draws %p %% in %s as antd Progress does', (percent, colour) => {
    const aria = { 'aria-label': 'Seat usage', 'aria-valuetext': '9 of 20 licenses assigned' };
    const expected = drawnWithStyles(
      <Progress percent={percent as number} strokeColor={colour as string} {...aria} />,
    );
    const actual = drawnWithStyles(
      <SeatBar percent={percent as number} strokeColor={colour as string} {...aria} />,
    );
    expect(actual.markup).toBe(expected.markup);
    expect(actual.styles).toBe(expected.styles);
    expect(actual.markup).toContain(`background:${colour}`);
  });

  it('shows the figure below 100 % and a check from 100 % on', () => {
    const props = { strokeColor: ACCENT_COLOUR, 'aria-label': 'Seat usage', 'aria-valuetext': '' };
    expect(drawnWithStyles(<SeatBar percent={47} {...props} />).markup).toContain(
      'title="47%">47%</span>',
    );
    const full = drawnWithStyles(<SeatBar percent={100} {...props} />).markup;
    expect(full).toContain('ant-progress-status-success');
    expect(full).toContain('anticon-check-circle');
  });
});
