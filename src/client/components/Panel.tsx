import { useDesignToken } from './designToken';
import type { CSSProperties, ReactNode } from 'react';

// The home and 403 screens are the first a visitor loads: plain elements drawn with antd's own design
// tokens look like antd's Card and Typography without shipping them (docs/performance.md).

interface Children {
  children: ReactNode;
  style?: CSSProperties;
}

/** A white card, as antd's Card draws it. */
export function Panel({ children, style }: Children) {
  const token = useDesignToken();
  return (
    <section
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        ...style,
      }}
    >
      {children}
    </section>
  );
}

/** The page's heading, as antd's level-1 Title draws it. */
export function PageTitle({ children, style }: Children) {
  const token = useDesignToken();
  return (
    <h1
      style={{
        margin: '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token.fontSizeHeading1,
        lineHeight: token.lineHeightHeading1,
        ...style,
      }}
    >
      {children}
    </h1>
  );
}

/** A paragraph, as antd's Typography.Paragraph draws it. */
export function Sentence({ children, style }: Children) {
  const token = useDesignToken();
  return (
    <p style={{ margin: '0 0 1em', color: token.colorText, overflowWrap: 'break-word', ...style }}>
      {children}
    </p>
  );
}
