import { useDesignToken } from './designToken';

// The seat-usage bar, drawn as antd's line Progress draws it on antd's tokens: Progress brings its
// circle, and the circle its tooltip, two chunks on the dashboard's first screen that a bar does not
// use (docs/performance.md).

export interface SeatBarProps {
  /** Assigned as a percentage; from 100 on the bar is full and shows a check instead of the figure. */
  percent: number;
  strokeColor: string;
  'aria-label': string;
  'aria-valuetext': string;
}

/** The rail's height, as antd's default line Progress draws it. */
const RAIL_HEIGHT = 8;
const FULL = 100;

/** A share as the bar draws it: a whole percentage from 0 to 100. */
function drawnShare(percent: number): number {
  return Math.min(FULL, Math.max(0, Math.round(percent)));
}

/** The check that stands for a full bar: a filled circle in the theme's success colour. */
function FullCheck({ colour }: { colour: string }) {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden focusable="false">
      <circle cx="8" cy="8" r="8" fill={colour} />
      <path
        d="M4.5 8.3l2.3 2.3 4.7-4.8"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A horizontal bar filled to `percent`, its figure (or a check, once full) at its end. */
export function SeatBar({ percent, strokeColor, ...aria }: SeatBarProps) {
  const token = useDesignToken();
  const share = drawnShare(percent);
  const full = percent >= FULL;
  return (
    <div
      role="progressbar"
      aria-valuenow={share}
      aria-valuemin={0}
      aria-valuemax={FULL}
      {...aria}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: token.marginXS,
        // A line of text high with a small gap below, as antd's line Progress sits in a card.
        minHeight: token.fontSize * token.lineHeight,
        marginBottom: token.marginXS,
        fontSize: token.fontSize,
      }}
    >
      <div
        style={{
          flex: 1,
          height: RAIL_HEIGHT,
          borderRadius: RAIL_HEIGHT,
          background: token.colorFillSecondary,
          overflow: 'hidden',
        }}
      >
        <div
          data-part="fill"
          style={{
            width: `${share}%`,
            height: '100%',
            borderRadius: RAIL_HEIGHT,
            background: strokeColor,
            transition: `width ${token.motionDurationSlow} ${token.motionEaseInOutCirc}`,
          }}
        />
      </div>
      <span
        style={{
          color: token.colorText,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          display: 'inline-flex',
        }}
      >
        {full ? <FullCheck colour={token.colorSuccess} /> : `${share}%`}
      </span>
    </div>
  );
}
