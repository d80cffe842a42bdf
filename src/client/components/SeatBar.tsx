import { Progress } from 'antd';

export interface SeatBarProps {
  /** Assigned as a percentage; from 100 on the bar is full and shows a check instead of the figure. */
  percent: number;
  strokeColor: string;
  'aria-label': string;
  'aria-valuetext': string;
}

/** A horizontal bar filled to `percent`: antd's line Progress. */
export function SeatBar(props: SeatBarProps) {
  return <Progress {...props} />;
}
