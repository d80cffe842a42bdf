import type { ThemeConfig } from 'antd';

// Accent and warn colours (docs/behaviour.md 2: Next is warn-coloured for support, accent otherwise), both dark
// enough for white text at WCAG AA; secondary texts darkened for the same reason.
export const ACCENT_COLOUR = '#0b57d0';
export const WARN_COLOUR = '#b3261e';
// antd derives lighter hover shades, which fail AA under white text; hover goes darker instead.
const ACCENT_HOVER_COLOUR = '#0842a0';
const WARN_HOVER_COLOUR = '#8c1d18';

export const portalTheme: ThemeConfig = {
  // A fixed key instead of one from useId, so the home page's build-time HTML and styles carry the
  // same class names as the live page (docs/performance.md).
  cssVar: { key: 'css-var-portal' },
  token: {
    colorPrimary: ACCENT_COLOUR,
    colorPrimaryHover: ACCENT_HOVER_COLOUR,
    colorLink: ACCENT_COLOUR,
    colorLinkHover: ACCENT_HOVER_COLOUR,
    colorError: WARN_COLOUR,
    colorErrorHover: WARN_HOVER_COLOUR,
    colorTextSecondary: 'rgba(0, 0, 0, 0.7)',
    colorTextDescription: 'rgba(0, 0, 0, 0.7)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    fontSize: 15,
  },
  components: {
    // The seat count shows its up and down arrows (docs/behaviour.md 2.2); antd hides them until
    // hover by default.
    InputNumber: { handleVisible: true },
  },
};
