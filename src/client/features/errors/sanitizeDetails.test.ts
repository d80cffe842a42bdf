import { sanitizeDetails } from './sanitizeDetails';

function render(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeDetails(html);
  return host;
}

describe('sanitizeDetails', () => {
  it('keeps plain text and harmless markup', () => {
    const host = render('Domain <b>acme.example</b> is <em>suspended</em>');
    expect(host.textContent).toBe('Domain acme.example is suspended');
    expect(host.querySelector('b')?.textContent).toBe('acme.example');
  });

  it('escapes text that only looks like markup', () => {
    expect(sanitizeDetails('a < b & c')).toBe('a &lt; b &amp; c');
  });

  it('drops script elements and their content', () => {
    const host = render('before<script>window.hacked = true</script>after');
    expect(host.querySelector('script')).toBeNull();
    expect(host.textContent).toBe('beforeafter');
  });

  it('drops event-handler attributes', () => {
    const host = render(
      '<img src="x" onerror="alert(1)"><b onclick="alert(2)" onmouseover="x()">hi</b>',
    );
    expect(host.innerHTML).not.toMatch(/on(error|click|mouseover)/i);
    expect(host.querySelector('img')).toBeNull();
    expect(host.querySelector('b')?.attributes).toHaveLength(0);
  });

  it('drops javascript: URLs in every spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
    ]) {
      const link = render(`<a href="${href}">click</a>`).querySelector('a');
      expect(link?.textContent).toBe('click');
      expect(link?.getAttribute('href')).toBeNull();
    }
  });

  it('keeps ordinary links', () => {
    const link = render('<a href="https://help.example/403">help</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://help.example/403');
  });

  it('neutralises SVG payloads', () => {
    const host = render(
      '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>x</text></a></svg>' +
        '<svg><animate onbegin="alert(4)" attributeName="x"/></svg>',
    );
    expect(host.querySelector('svg')).toBeNull();
    expect(host.querySelector('script')).toBeNull();
    expect(host.innerHTML).not.toMatch(/javascript:|onload|onbegin|alert/i);
  });

  it('drops iframes, forms, styles and data URLs', () => {
    const host = render(
      '<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form>' +
        '<style>body{display:none}</style><a href="data:text/html,<script>alert(1)</script>">d</a>',
    );
    expect(host.querySelector('iframe, form, input, style')).toBeNull();
    expect(host.querySelector('a')?.getAttribute('href')).toBeNull();
  });
});
