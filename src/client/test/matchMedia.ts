// jsdom has no matchMedia; antd and the forbidden screen's reduced-motion check read it.

/** A matchMedia whose queries match only those listed. */
export function matchMediaMatching(matching: readonly string[] = []): typeof window.matchMedia {
  return ((query: string) => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
