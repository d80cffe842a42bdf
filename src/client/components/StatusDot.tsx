import { Badge } from 'antd';

export type StatusDotKind = 'success' | 'processing' | 'default' | 'error' | 'warning';

export interface StatusDotProps {
  status: StatusDotKind;
  text: string;
}

/** A coloured dot and its words: antd's status Badge, the one way the portal uses it. */
export function StatusDot({ status, text }: StatusDotProps) {
  return <Badge status={status} text={text} />;
}
