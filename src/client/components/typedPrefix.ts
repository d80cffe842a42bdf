// The first N characters of the text of some (already safe) HTML, keeping its markup, so a typing
// animation never shows half a tag.

/** Number of text characters in the HTML. */
export function textLength(html: string): number {
  return parse(html).content.textContent?.length ?? 0;
}

/** The HTML cut after `characters` characters of text; elements left empty are dropped. */
export function typedPrefix(html: string, characters: number): string {
  const template = parse(html);
  let left = Math.max(0, characters);
  const cut = (node: Node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent ?? '';
        if (left >= text.length) {
          left -= text.length;
        } else {
          child.textContent = text.slice(0, left);
          left = 0;
        }
        if (child.textContent === '') node.removeChild(child);
      } else {
        const hadText = (child.textContent ?? '').length > 0;
        cut(child);
        if (hadText && (child.textContent ?? '').length === 0) node.removeChild(child);
      }
    }
  };
  cut(template.content);
  return template.innerHTML;
}

function parse(html: string): HTMLTemplateElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template;
}
