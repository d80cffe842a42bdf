// antd's line Progress without the rest of Progress: its circle imports Tooltip and with it the popup
// trigger, which the dashboard never shows (docs/performance.md). The same markup from antd's own
// Line, utils and style hook; SeatBar.test.tsx compares both. webpack maps antd/lib to antd/es.
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import { useMergeSemantic, useSemanticRootStyle } from 'antd/lib/_util/hooks/useMergeSemantic';
import { useComponentConfig } from 'antd/lib/config-provider/context';
import Line from 'antd/lib/progress/Line';
import type { ProgressProps, ProgressSemanticAllType } from 'antd/lib/progress/progress';
import useStyle from 'antd/lib/progress/style';
import { validProgress } from 'antd/lib/progress/utils';
import { classList } from './classList';

export interface SeatBarProps {
  /** Assigned as a percentage; from 100 on the bar is full and shows a check instead of the figure. */
  percent: number;
  strokeColor: string;
  'aria-label': string;
  'aria-valuetext': string;
}

// Where Progress puts its figure by default: after the bar, at its end.
const PERCENT_POSITION = { align: 'end', type: 'outer' } as const;

/** A horizontal bar filled to `percent`, drawn as `<Progress percent strokeColor />` draws it. */
export function SeatBar({ percent, strokeColor, ...aria }: SeatBarProps) {
  const {
    getPrefixCls,
    direction,
    className: contextClassName,
    style: contextStyle,
    classNames: contextClassNames,
    styles: contextStyles,
  } = useComponentConfig('progress');
  const prefixCls = getPrefixCls('progress');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const contextStyleRoot = useSemanticRootStyle(contextStyle);
  const [classNames, styles] = useMergeSemantic<
    ProgressSemanticAllType['classNames'],
    ProgressSemanticAllType['styles'],
    ProgressProps
  >([contextClassNames], [contextStyles, contextStyleRoot], {
    props: { percent, strokeColor, type: 'line', size: 'medium', showInfo: true },
  });
  // Progress turns to its success status (a check, no figure) from 100 % on.
  const success = Number.parseInt(String(percent), 10) >= 100;
  const text = success ? <CheckCircleFilled /> : `${validProgress(percent)}%`;
  const indicator = (
    <span
      className={classList(
        `${prefixCls}-indicator`,
        `${prefixCls}-indicator-${PERCENT_POSITION.align}`,
        `${prefixCls}-indicator-${PERCENT_POSITION.type}`,
        classNames.indicator,
      )}
      style={styles.indicator}
      title={typeof text === 'string' ? text : undefined}
    >
      {text}
    </span>
  );
  const className = classList(
    prefixCls,
    `${prefixCls}-status-${success ? 'success' : 'normal'}`,
    `${prefixCls}-line`,
    `${prefixCls}-line-align-${PERCENT_POSITION.align}`,
    `${prefixCls}-line-position-${PERCENT_POSITION.type}`,
    `${prefixCls}-show-info`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    contextClassName,
    classNames.root,
    hashId,
    cssVarCls,
  );
  return (
    <div
      style={styles.root}
      className={className}
      role="progressbar"
      aria-valuenow={validProgress(percent)}
      aria-valuemin={0}
      aria-valuemax={100}
      {...aria}
    >
      <Line
        percent={percent}
        strokeColor={strokeColor}
        prefixCls={prefixCls}
        direction={direction}
        percentPosition={PERCENT_POSITION}
        classNames={classNames}
        styles={styles}
      >
        {indicator}
      </Line>
    </div>
  );
}
