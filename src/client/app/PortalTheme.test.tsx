import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  Alert,
  Button,
  ConfigProvider,
  Descriptions,
  InputNumber,
  Progress,
  Spin,
  Statistic,
  theme as antdTheme,
} from 'antd';
import { useContext, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { PortalTheme } from './PortalTheme';
import { portalTheme } from './theme';

// PortalTheme stands in for `<ConfigProvider theme={portalTheme}>`: antd must see the same theme
// through it and draw the same markup and styles, or the pages would change with it.

type Provider = (props: { children: ReactNode }) => ReactNode;

const viaConfigProvider: Provider = ({ children }) => (
  <ConfigProvider theme={portalTheme}>{children}</ConfigProvider>
);
const viaPortalTheme: Provider = ({ children }) => <PortalTheme>{children}</PortalTheme>;

function seenBy(Wrapper: Provider) {
  const seen: Record<string, unknown> = {};
  function Probe() {
    const { theme, token, hashId, cssVar } = antdTheme.useToken();
    const {
      theme: configTheme,
      iconPrefixCls,
      getPrefixCls,
    } = useContext(ConfigProvider.ConfigContext);
    Object.assign(seen, {
      useToken: { themeId: theme.id, token, hashId, cssVar },
      config: { configTheme, iconPrefixCls, prefix: getPrefixCls('button') },
    });
    return null;
  }
  renderToString(
    <Wrapper>
      <Probe />
    </Wrapper>,
  );
  return seen;
}

/** The HTML and antd's extracted styles of a tree of the components the pages use. */
function drawnBy(Wrapper: Provider) {
  const cache = createCache();
  const markup = renderToString(
    <StyleProvider cache={cache}>
      <Wrapper>
        <Button type="primary">Next</Button>
        <Button danger>Sign out</Button>
        <Spin size="large" />
        <Alert type="warning" title="Almost full" showIcon />
        <InputNumber aria-label="Seats" min={1} defaultValue={1} />
        <Progress percent={40} />
        <Statistic title="Seats" value={12} />
        <Descriptions items={[{ key: 'plan', label: 'Plan', children: 'Annual' }]} />
      </Wrapper>
    </StyleProvider>,
  );
  return { markup, styles: extractStyle(cache) };
}

describe('PortalTheme', () => {
  it("gives antd's components the theme ConfigProvider gives them for portalTheme", () => {
    const expected = seenBy(viaConfigProvider);
    const actual = seenBy(viaPortalTheme);
    expect(actual).toEqual(expected);
    expect((actual.useToken as { token: { colorPrimary: string } }).token.colorPrimary).toBe(
      portalTheme.token?.colorPrimary,
    );
  });

  it('draws the same markup with the same styles as ConfigProvider', () => {
    const expected = drawnBy(viaConfigProvider);
    const actual = drawnBy(viaPortalTheme);
    expect(actual.markup).toBe(expected.markup);
    expect(actual.styles).toBe(expected.styles);
    expect(actual.styles).toContain('--ant-color-primary:#0b57d0');
  });
});
