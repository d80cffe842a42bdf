// jsdom computes styles from the injected style sheets but leaves CSS variables (which antd's theme
// is written in) unresolved; this resolves them the way a browser would, from the element upwards.

function customProperty(element: Element, name: string): string {
  for (let at: Element | null = element; at !== null; at = at.parentElement) {
    const value = window.getComputedStyle(at).getPropertyValue(name).trim();
    if (value !== '') return value;
  }
  return '';
}

const VARIABLE = /var\((--[\w-]+)\s*(?:,\s*([^()]*))?\)/g;
const MAX_DEPTH = 20;

function resolve(element: Element, value: string): string {
  let current = value;
  for (let depth = 0; depth < MAX_DEPTH && current.includes('var('); depth += 1) {
    current = current.replace(VARIABLE, (_match, name: string, fallback?: string) => {
      const found = customProperty(element, name);
      return found === '' ? (fallback ?? '').trim() : found;
    });
  }
  return current;
}

/** The value of a CSS property as the person sees it, e.g. 'background-color' → '#0b57d0'. */
export function shownStyle(element: Element, property: string): string {
  return resolve(
    element,
    window.getComputedStyle(element).getPropertyValue(property),
  ).toLowerCase();
}
