import type { ReactNode } from 'react';

// Two cards side by side from one of antd's breakpoints on, stacked below it, 16 px apart: what antd's
// Row with gutter [16, 16] and two Cols (24 below the breakpoint, `firstSpan` and the rest of 24 from
// it) drew, as a CSS grid. Grid's stylesheet for every breakpoint and column count was the largest
// style on the dashboard's page, and its JS watched the window size (docs/performance.md).

const GAP_PX = 16;
const COLUMNS = 24;
/** antd's screenSM and screenMD. */
const BREAKPOINT_MIN_WIDTH_PX = { sm: 576, md: 768 } as const;

export interface CardColumnsProps {
  /** From this breakpoint on the cards sit side by side. */
  from: keyof typeof BREAKPOINT_MIN_WIDTH_PX;
  /** The first card's share of 24 side by side; the second takes the rest. */
  firstSpan: number;
  children: [ReactNode, ReactNode];
}

/**
 * The first column is `span` of 24 as a Col with its gutter is: (width + gutter) × span / 24 − gutter.
 * A column never grows past its share for a long word inside (minmax(0, …)), as a Col does not.
 */
function columnsCss(className: string, from: CardColumnsProps['from'], span: number): string {
  const first = `calc((100% + ${GAP_PX}px) * ${span} / ${COLUMNS} - ${GAP_PX}px)`;
  return (
    `.${className}{display:grid;grid-template-columns:minmax(0,1fr);gap:${GAP_PX}px;align-items:start}` +
    `@media (min-width:${BREAKPOINT_MIN_WIDTH_PX[from]}px){.${className}{grid-template-columns:${first} minmax(0,1fr)}}`
  );
}

export function CardColumns({ from, firstSpan, children }: CardColumnsProps) {
  const className = `portal-columns-${from}-${firstSpan}`;
  return (
    <>
      {/* React puts this into the head once, however many times it is rendered. */}
      <style href={className} precedence="portal">
        {columnsCss(className, from, firstSpan)}
      </style>
      <div className={className}>
        {children[0]}
        {children[1]}
      </div>
    </>
  );
}
