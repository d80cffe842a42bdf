// antd's Typography.Link without Typography's Base, which brings editing (TextArea), copying,
// ellipsis measuring and their tooltips with it, none of which a link in a sentence uses
// (docs/performance.md). webpack maps antd/lib to antd/es.
import { ConfigContext } from 'antd/lib/config-provider/context';
import useStyle from 'antd/lib/typography/style';
import { classList } from './classList';
import { useContext, type ReactNode } from 'react';

export interface TextLinkProps {
  href: string;
  target?: string;
  rel?: string;
  /** Underlined, as a link inside a sentence must be (not told apart by colour alone). */
  underline?: boolean;
  children: ReactNode;
}

/** A link drawn with antd's Typography.Link markup and Typography's own style hook. */
export function TextLink({ href, target, rel, underline = false, children }: TextLinkProps) {
  const { getPrefixCls, direction } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('typography');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  // antd's default for a new tab: the opened page gets no handle on this one.
  const mergedRel = rel === undefined && target === '_blank' ? 'noopener noreferrer' : rel;
  const className = classList(
    prefixCls,
    direction === 'rtl' && `${prefixCls}-rtl`,
    `${prefixCls}-link`,
    hashId,
    cssVarCls,
  );
  return (
    <a href={href} target={target} rel={mergedRel} className={className}>
      {underline ? <u>{children}</u> : children}
    </a>
  );
}
