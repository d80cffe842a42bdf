// antd's design tokens for the portal's own elements. antd's `theme.useToken` comes in an object with
// the dark and compact algorithms, which the first page would then carry (docs/performance.md);
// this is the hook it wraps, without them. webpack maps antd/lib to antd/es.
import useAntdToken from 'antd/lib/theme/useToken';

export type DesignToken = ReturnType<typeof useAntdToken>[1];

/** The current theme's tokens with their values (not their CSS variables), as theme.useToken gives. */
export function useDesignToken(): DesignToken {
  return useAntdToken()[1];
}
