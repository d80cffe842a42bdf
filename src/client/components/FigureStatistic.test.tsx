import { Statistic } from 'antd';
import { drawnWithStyles } from '../../testing/client/drawnWithStyles';
import { FigureStatistic } from './FigureStatistic';

// FigureStatistic is antd's Statistic as the dashboard shows it: it must draw the same markup with the
// same styles.

// Licence counts as the dashboard shows them: none, a few, the first with a separator, many.
const VALUES = [0, 7, 999, 1000, 20500, 1234567];

describe('FigureStatistic', () => {
  it.each(VALUES)("draws %d as antd's Statistic draws it, with its styles", (value) => {
    const antd = drawnWithStyles(<Statistic title="Total Licenses" value={value} />);
    const mine = drawnWithStyles(<FigureStatistic title="Total Licenses" value={value} />);
    expect(mine.markup).toBe(antd.markup);
    expect(mine.styles).toBe(antd.styles);
  });

  it("groups digits by three with commas, as antd's Statistic does", () => {
    const shown = VALUES.map(
      (value) =>
        drawnWithStyles(<FigureStatistic title="Seats" value={value} />).markup.match(
          /content-value-int">([^<]*)</,
        )?.[1],
    );
    expect(shown).toEqual(['0', '7', '999', '1,000', '20,500', '1,234,567']);
  });

  it('keeps the class the browser tests read the figure from', () => {
    expect(drawnWithStyles(<FigureStatistic title="Seats" value={12} />).markup).toContain(
      '<div class="ant-statistic-content"><span class="ant-statistic-content-value">',
    );
  });
});
