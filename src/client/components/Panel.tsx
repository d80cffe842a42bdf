import { useDesignToken } from './designToken';
import type { CSSProperties, ReactNode } from 'react';

// The home, 403 and dashboard screens are the first a visitor loads: plain elements drawn with antd's
// own design tokens look like antd's Card and Typography without shipping them (docs/performance.md).

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

interface Text extends Children {
  id?: string;
}

/** A heading as antd's Title of that level draws it. */
function Title({ level, children, style, id }: Text & { level: 1 | 2 }) {
  const token = useDesignToken();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading
      id={id}
      style={{
        margin: '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 1 ? token.fontSizeHeading1 : token.fontSizeHeading2,
        lineHeight: level === 1 ? token.lineHeightHeading1 : token.lineHeightHeading2,
        ...style,
      }}
    >
      {children}
    </Heading>
  );
}

/** The page's heading, as antd's level-1 Title draws it. */
export function PageTitle(props: Text) {
  return <Title level={1} {...props} />;
}

/** A card's heading, as antd's level-2 Title draws it. */
export function SectionTitle(props: Text) {
  return <Title level={2} {...props} />;
}

/** A paragraph, as antd's Typography.Paragraph draws it. */
export function Sentence({ children, style, id }: Text) {
  const token = useDesignToken();
  return (
    <p
      id={id}
      style={{ margin: '0 0 1em', color: token.colorText, overflowWrap: 'break-word', ...style }}
    >
      {children}
    </p>
  );
}
