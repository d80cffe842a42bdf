import { useDesignToken, type DesignToken } from './designToken';

// The subscription's status as a coloured dot and its words, drawn as antd's status Badge draws them on
// antd's tokens: Badge's stylesheet (counters, ribbons, animations) was the largest style on the
// dashboard's page, which must arrive in one round trip (docs/performance.md).

export type StatusDotKind = 'success' | 'error' | 'warning';

/** The token of each dot's colour, as antd's Badge picks it. */
const DOT_COLOUR: Record<StatusDotKind, keyof DesignToken & `color${string}`> = {
  success: 'colorSuccess',
  error: 'colorError',
  warning: 'colorWarning',
};

export interface StatusDotProps {
  status: StatusDotKind;
  text: string;
}

/** A coloured dot and its words. */
export function StatusDot({ status, text }: StatusDotProps) {
  const token = useDesignToken();
  // antd's status dot is half its small font size across, raised a pixel to sit on the text's middle.
  const size = token.fontSizeSM / 2;
  return (
    <span style={{ display: 'inline-block', color: token.colorText, fontSize: token.fontSize }}>
      <span
        aria-hidden
        style={{
          position: 'relative',
          top: -1,
          display: 'inline-block',
          width: size,
          height: size,
          verticalAlign: 'middle',
          borderRadius: '50%',
          background: token[DOT_COLOUR[status]],
        }}
      />
      <span style={{ marginInlineStart: token.marginXS }}>{text}</span>
    </span>
  );
}
