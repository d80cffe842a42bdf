import type { ThemeConfig } from 'antd';

// Accent and warn colours (spec §2: Next is warn-coloured for support, accent otherwise), both dark
// enough for white text at WCAG AA; secondary texts darkened for the same reason.
export const ACCENT_COLOUR = '#0b57d0';
export const WARN_COLOUR = '#b3261e';

export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: ACCENT_COLOUR,
    colorLink: ACCENT_COLOUR,
    colorError: WARN_COLOUR,
    colorTextSecondary: 'rgba(0, 0, 0, 0.7)',
    colorTextDescription: 'rgba(0, 0, 0, 0.7)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    fontSize: 15,
  },
};
