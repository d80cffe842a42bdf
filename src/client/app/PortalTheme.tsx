import {
  ConfigContext,
  defaultIconPrefixCls,
  defaultPrefixCls,
  type ConfigConsumerProps,
} from 'antd/lib/config-provider/context';
import { DesignTokenContext, defaultConfig, defaultTheme } from 'antd/lib/theme/context';
import useResetIconStyle from 'antd/lib/theme/util/useResetIconStyle';
import { useContext, useMemo, type ReactNode } from 'react';
import { portalTheme } from './theme';

// The portal's antd theme, given to antd's components the way `<ConfigProvider theme={portalTheme}>`
// gives it, without the rest of ConfigProvider: its locale tables, form messages and tooltip
// provider, which the portal never configures, were 12 KiB gzip of the first page's scripts
// (docs/performance.md). PortalTheme.test.tsx checks that antd sees the same theme and draws the
// same styles under both. webpack maps antd/lib to antd/es.

type DesignTokenValue = React.ContextType<typeof DesignTokenContext>;

/** portalTheme merged over antd's defaults, as ConfigProvider's useTheme merges a theme prop. */
const mergedTheme = {
  ...defaultConfig,
  ...portalTheme,
  token: { ...defaultConfig.token, ...portalTheme.token },
  components: { ...portalTheme.components },
  cssVar: { prefix: defaultPrefixCls, ...portalTheme.cssVar },
};

/** What ConfigProvider puts in antd's DesignTokenContext for that theme (no algorithm: the default). */
const designToken: DesignTokenValue = {
  ...mergedTheme,
  theme: defaultTheme,
  override: { override: mergedTheme.token, ...mergedTheme.components },
};

/** antd's icon styles, registered inside the theme as ConfigProvider registers them. */
function IconStyle() {
  useResetIconStyle(defaultIconPrefixCls);
  return null;
}

export function PortalTheme({ children }: { children: ReactNode }) {
  const parent = useContext(ConfigContext);
  const config = useMemo<ConfigConsumerProps>(
    () => ({ ...parent, iconPrefixCls: defaultIconPrefixCls, theme: mergedTheme }),
    [parent],
  );
  return (
    <ConfigContext.Provider value={config}>
      <DesignTokenContext.Provider value={designToken}>
        <IconStyle />
        {children}
      </DesignTokenContext.Provider>
    </ConfigContext.Provider>
  );
}
