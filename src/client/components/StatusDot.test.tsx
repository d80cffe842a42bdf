import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { PortalTheme } from '../app/PortalTheme';
import { portalTheme } from '../app/theme';
import { StatusDot, type StatusDotKind } from './StatusDot';

// The subscription's status in its details (docs/behaviour.md 2): its words beside a dot of the
// theme's colour for that status, as antd's status Badge draws it.

const token = theme.getDesignToken(portalTheme);

// The three PlanDetails maps the subscription's status to.
const CASES: [StatusDotKind, string, string][] = [
  ['success', 'Active', token.colorSuccess],
  ['error', 'Suspended', token.colorError],
  ['warning', 'Pending', token.colorWarning],
];

/** A colour as the browser reads it back from a style. */
function asDrawn(colour: string): string {
  const probe = document.createElement('span');
  probe.style.background = colour;
  return probe.style.background;
}

describe('StatusDot', () => {
  it.each(CASES)(
    'draws status %s as its words beside a round dot of its colour',
    (status, text, colour) => {
      render(
        <PortalTheme>
          <StatusDot status={status} text={text} />
        </PortalTheme>,
      );
      const words = screen.getByText(text);
      const dot = words.previousElementSibling as HTMLElement;
      expect(dot).toHaveAttribute('aria-hidden', 'true');
      expect(dot.style.background).toBe(asDrawn(colour));
      expect(dot.style.borderRadius).toBe('50%');
      expect(dot.style.width).toBe(`${token.fontSizeSM / 2}px`);
      expect(words.style.marginInlineStart).toBe(`${token.marginXS}px`);
    },
  );
});
