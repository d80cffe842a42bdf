import { useDesignToken } from './designToken';
import type { ReactNode } from 'react';

/** The portal's font and text colour from the theme, as antd's App component sets them, without the
 * message, notification and modal holders it also mounts and the portal never uses. */
export function PortalSurface({ children }: { children: ReactNode }) {
  const token = useDesignToken();
  return (
    <div
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
