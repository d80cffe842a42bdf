import { textLength, typedPrefix } from './typedPrefix';

describe('typedPrefix', () => {
  const html = 'Domain <b>acme.example</b> is <em>suspended</em>';

  it('counts only text characters', () => {
    expect(textLength(html)).toBe('Domain acme.example is suspended'.length);
  });

  it('cuts inside an element without leaving half a tag', () => {
    expect(typedPrefix(html, 'Domain ac'.length)).toBe('Domain <b>ac</b>');
  });

  it('drops elements no character has reached yet', () => {
    expect(typedPrefix(html, 'Domain '.length)).toBe('Domain ');
    expect(typedPrefix(html, 0)).toBe('');
  });

  it('gives the whole HTML once every character is typed', () => {
    expect(typedPrefix(html, 1000)).toBe(html);
  });

  it('keeps escaped text escaped', () => {
    expect(typedPrefix('a &lt;b&gt; c', 5)).toBe('a &lt;b&gt;');
  });
});
