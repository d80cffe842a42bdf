import { theme } from 'antd';

// antd's design tokens for the portal's own elements, through antd's public theme.useToken
// (docs/architecture.md, Public APIs only).

export type DesignToken = ReturnType<typeof theme.useToken>['token'];

/** The current theme's tokens with their values (not their CSS variables). */
export function useDesignToken(): DesignToken {
  return theme.useToken().token;
}
