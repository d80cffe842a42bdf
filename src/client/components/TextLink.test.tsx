import { fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { PortalTheme } from '../app/PortalTheme';
import { portalTheme } from '../app/theme';
import { TextLink } from './TextLink';

// A link in a sentence (the Flexible plan notice, docs/behaviour.md): the theme's link colours as
// antd's Typography.Link uses them, underlined when asked, and a new tab without a handle back.

const token = theme.getDesignToken(portalTheme);

/** A colour as the browser reads it back from a style. */
function asDrawn(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  return probe.style.color;
}

function drawLink(props: { target?: string; rel?: string; underline?: boolean } = {}) {
  render(
    <PortalTheme>
      <p>
        Read{' '}
        <TextLink href="https://support.example.com/a" {...props}>
          the help
        </TextLink>
        .
      </p>
    </PortalTheme>,
  );
  return screen.getByRole('link', { name: 'the help' });
}

describe('TextLink', () => {
  it('is a link to its address in the theme’s link colour, not underlined unless asked', () => {
    const link = drawLink();
    expect(link).toHaveAttribute('href', 'https://support.example.com/a');
    expect(link.style.color).toBe(asDrawn(token.colorLink));
    expect(link.style.textDecoration).toBe('none');
    expect(link).not.toHaveAttribute('target');
    expect(link).not.toHaveAttribute('rel');
  });

  it('is underlined when asked, as a link told apart from its sentence by more than colour', () => {
    expect(drawLink({ underline: true }).style.textDecoration).toBe('underline');
  });

  it('takes the hover colour under the pointer and on focus, the active colour while pressed', () => {
    const link = drawLink();
    fireEvent.mouseEnter(link);
    expect(link.style.color).toBe(asDrawn(token.colorLinkHover));
    fireEvent.mouseDown(link);
    expect(link.style.color).toBe(asDrawn(token.colorLinkActive));
    fireEvent.mouseUp(link);
    fireEvent.mouseLeave(link);
    expect(link.style.color).toBe(asDrawn(token.colorLink));
    fireEvent.focus(link);
    expect(link.style.color).toBe(asDrawn(token.colorLinkHover));
    fireEvent.blur(link);
    expect(link.style.color).toBe(asDrawn(token.colorLink));
  });

  it('opens a new tab without a handle back to the portal, unless told otherwise', () => {
    expect(drawLink({ target: '_blank' })).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('keeps the rel it is given', () => {
    expect(drawLink({ target: '_blank', rel: 'help' })).toHaveAttribute('rel', 'help');
  });
});
