import { Statistic } from 'antd';

export interface FigureStatisticProps {
  title: string;
  /** A count: a non-negative whole number. */
  value: number;
}

/** A titled figure: antd's Statistic, the one way the dashboard uses it. */
export function FigureStatistic({ title, value }: FigureStatisticProps) {
  return <Statistic title={title} value={value} />;
}
