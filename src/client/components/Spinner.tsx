import { ConfigProvider, Spin } from 'antd';
import { useContext, useEffect, useState, type CSSProperties } from 'react';
import { SPINNER_DIAMETERS_PX } from '../../contract/limits';

export type SpinnerSize = keyof typeof SPINNER_DIAMETERS_PX;

export interface SpinnerProps {
  /** Diameters (docs/behaviour.md 9, Constants): large 96, medium 72, small 28. */
  size: SpinnerSize;
  /** What is being waited for, read out by assistive technology. */
  label: string;
  /** Drawn only once the wait has lasted this long, so a short wait flashes nothing. */
  delayMs?: number;
}

/**
 * antd's large Spin sized by its own CSS variable on the element: a nested ConfigProvider with the
 * Spin token would make antd compute and insert a whole theme's variables for every spinner shown
 * (docs/performance.md).
 */
function diameterStyle(prefixCls: string, diameter: number): CSSProperties {
  return { [`--${prefixCls}-spin-dot-size-lg`]: `${diameter}px` } as CSSProperties;
}

/** A spinner of one of the diameters of docs/behaviour.md 9.3, announced as a status. */
export function Spinner({ size, label, delayMs = 0 }: SpinnerProps) {
  const diameter = SPINNER_DIAMETERS_PX[size];
  const [due, setDue] = useState(delayMs === 0);
  useEffect(() => {
    if (due) return undefined;
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [due, delayMs]);
  // antd's CSS variables carry its root class prefix, which ConfigProvider's public context gives.
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  if (!due) return null;
  return (
    <div
      role="status"
      aria-label={label}
      style={{ display: 'flex', justifyContent: 'center', padding: diameter / 4 }}
    >
      <Spin size="large" style={diameterStyle(getPrefixCls(), diameter)} />
    </div>
  );
}
