// antd's Badge as a status with its text, the one way the portal uses it. antd's Badge carries the
// animated counter (ScrollNumber) and the Ribbon with it (docs/performance.md). webpack maps antd/lib
// to antd/es.
import { ConfigContext } from 'antd/lib/config-provider/context';
import useStyle from 'antd/lib/badge/style';
import { classList } from './classList';
import { useContext } from 'react';

export type StatusDotKind = 'success' | 'processing' | 'default' | 'error' | 'warning';

export interface StatusDotProps {
  status: StatusDotKind;
  text: string;
}

/** A coloured dot and its words, drawn with antd's status Badge markup and its own style hook. */
export function StatusDot({ status, text }: StatusDotProps) {
  const { getPrefixCls, direction } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('badge');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const rootCls = classList(
    prefixCls,
    `${prefixCls}-status`,
    `${prefixCls}-not-a-wrapper`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    hashId,
    cssVarCls,
  );
  return (
    <span className={rootCls}>
      <span className={`${prefixCls}-status-dot ${prefixCls}-status-${status}`} />
      {text !== '' && <span className={`${prefixCls}-status-text`}>{text}</span>}
    </span>
  );
}
