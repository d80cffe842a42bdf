import { Skeleton, Statistic } from 'antd';
import { drawnWithStyles } from '../test/drawnWithStyles';
import { FigureStatistic, groupDigits } from './FigureStatistic';

// FigureStatistic stands in for antd's Statistic on the dashboard (docs/performance.md): it must draw
// the same markup with the same styles, less the stylesheet of the Skeleton that antd's Statistic
// registers for a `loading` state the portal never shows.

// Licence counts as the dashboard shows them: none, a few, the first with a separator, many.
const VALUES = [0, 7, 999, 1000, 20500, 1234567];

describe('FigureStatistic', () => {
  it.each(VALUES)(
    "draws %d as antd's Statistic draws it, with its styles but the Skeleton's",
    (value) => {
      const antd = drawnWithStyles(<Statistic title="Total Licenses" value={value} />);
      // antd's Statistic renders <Skeleton loading={false}> around its value: nothing drawn, but
      // Skeleton's stylesheet registered after Statistic's own.
      const mineWithSkeleton = drawnWithStyles(
        <>
          <FigureStatistic title="Total Licenses" value={value} />
          <Skeleton loading={false} />
        </>,
      );
      const mine = drawnWithStyles(<FigureStatistic title="Total Licenses" value={value} />);

      expect(mine.markup).toBe(antd.markup);
      expect(mineWithSkeleton.styles).toBe(antd.styles);
      expect(antd.styles).toContain('ant-skeleton');
      expect(mine.styles).not.toContain('ant-skeleton');
    },
  );

  it("groups digits by three with commas, as antd's Statistic does", () => {
    expect(VALUES.map(groupDigits)).toEqual(['0', '7', '999', '1,000', '20,500', '1,234,567']);
  });

  it('keeps the class the browser tests read the figure from', () => {
    expect(drawnWithStyles(<FigureStatistic title="Seats" value={12} />).markup).toContain(
      '<div class="ant-statistic-content"><span class="ant-statistic-content-value">',
    );
  });
});
