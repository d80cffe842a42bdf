import { ConfigProvider, Spin } from 'antd';
import { SPINNER_DIAMETERS_PX } from '../../contract/limits';

export type SpinnerSize = keyof typeof SPINNER_DIAMETERS_PX;

export interface SpinnerProps {
  /** Diameters (docs/behaviour.md 9, Constants): large 96, medium 72, small 28. */
  size: SpinnerSize;
  /** What is being waited for, read out by assistive technology. */
  label: string;
}

/** A spinner of one of the spec's diameters, announced as a status. */
export function Spinner({ size, label }: SpinnerProps) {
  const diameter = SPINNER_DIAMETERS_PX[size];
  return (
    <div
      role="status"
      aria-label={label}
      style={{ display: 'flex', justifyContent: 'center', padding: diameter / 4 }}
    >
      <ConfigProvider theme={{ components: { Spin: { dotSizeLG: diameter } } }}>
        <Spin size="large" />
      </ConfigProvider>
    </div>
  );
}
