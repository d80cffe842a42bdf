import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface TextLinkProps {
  href: string;
  target?: string;
  rel?: string;
  /** Underlined, as a link inside a sentence must be (not told apart by colour alone). */
  underline?: boolean;
  children: ReactNode;
}

/** A link in a sentence: antd's Typography.Link. */
export function TextLink({ href, target, rel, underline = false, children }: TextLinkProps) {
  return (
    <Typography.Link href={href} target={target} rel={rel} underline={underline}>
      {children}
    </Typography.Link>
  );
}
