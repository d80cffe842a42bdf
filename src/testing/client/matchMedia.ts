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

/** For the tests of one file: the person prefers reduced motion; the jest setup's stub comes back after. */
export function preferReducedMotion(): void {
  let before: typeof window.matchMedia;
  beforeAll(() => {
    before = window.matchMedia;
    window.matchMedia = matchMediaMatching(['(prefers-reduced-motion: reduce)']);
  });
  afterAll(() => {
    window.matchMedia = before;
  });
}
