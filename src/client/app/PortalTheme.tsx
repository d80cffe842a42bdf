import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { portalTheme } from './theme';

// The portal's antd theme, given through antd's public ConfigProvider (docs/architecture.md, Public APIs
// only).

export function PortalTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={portalTheme}>{children}</ConfigProvider>;
}
