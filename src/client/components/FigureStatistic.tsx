// antd's Statistic as the dashboard shows it: a title over a whole number. antd's Statistic wraps its
// value in Skeleton for its `loading` prop, whose code and stylesheet then came with the dashboard
// though the portal never shows a skeleton (docs/performance.md). webpack maps antd/lib to antd/es.
import { ConfigContext } from 'antd/lib/config-provider/context';
import useStyle from 'antd/lib/statistic/style';
import { classList } from './classList';
import { useContext } from 'react';

export interface FigureStatisticProps {
  title: string;
  /** A count: a non-negative whole number. */
  value: number;
}

/** Groups of three digits split by commas, as antd's Statistic writes a whole number (1,234,567). */
export function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A titled figure, drawn with antd's Statistic markup and its own style hook. */
export function FigureStatistic({ title, value }: FigureStatisticProps) {
  const { getPrefixCls, direction } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('statistic');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  return (
    <div
      className={classList(prefixCls, direction === 'rtl' && `${prefixCls}-rtl`, hashId, cssVarCls)}
    >
      <div className={`${prefixCls}-header`}>
        <div className={`${prefixCls}-title`}>{title}</div>
      </div>
      <div className={`${prefixCls}-content`}>
        <span className={`${prefixCls}-content-value`}>
          <span className={`${prefixCls}-content-value-int`}>{groupDigits(value)}</span>
        </span>
      </div>
    </div>
  );
}
