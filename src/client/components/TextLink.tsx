import { useState, type ReactNode } from 'react';
import { useDesignToken } from './designToken';

// A link in a sentence, drawn as antd's Typography.Link draws it on antd's tokens: Typography brings
// editing, copying, ellipsis and their tooltips, two chunks on the dashboard's first screen that a
// link does not use (docs/performance.md).

export interface TextLinkProps {
  href: string;
  target?: string;
  rel?: string;
  /** Underlined, as a link inside a sentence must be (not told apart by colour alone). */
  underline?: boolean;
  children: ReactNode;
}

type Pointer = 'rest' | 'hover' | 'active';

/** A link in the theme's link colours: lighter under the pointer or focus, darker while pressed. */
export function TextLink({ href, target, rel, underline = false, children }: TextLinkProps) {
  const token = useDesignToken();
  const [pointer, setPointer] = useState<Pointer>('rest');
  const colour = {
    rest: token.colorLink,
    hover: token.colorLinkHover,
    active: token.colorLinkActive,
  }[pointer];
  // As antd does for a new tab: the opened page gets no handle on this one.
  const mergedRel = rel === undefined && target === '_blank' ? 'noopener noreferrer' : rel;
  return (
    <a
      href={href}
      target={target}
      rel={mergedRel}
      style={{
        color: colour,
        textDecoration: underline ? 'underline' : 'none',
        transition: `color ${token.motionDurationSlow}`,
      }}
      onMouseEnter={() => setPointer('hover')}
      onFocus={() => setPointer('hover')}
      onMouseDown={() => setPointer('active')}
      onMouseUp={() => setPointer('hover')}
      onMouseLeave={() => setPointer('rest')}
      onBlur={() => setPointer('rest')}
    >
      {children}
    </a>
  );
}
