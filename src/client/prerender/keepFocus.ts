// The pre-rendered home page (docs/performance.md) is on screen before the scripts, and the live page
// replaces it. A visitor who already put the focus on a control there (the e-mail field, say) finds it
// on the same control of the live page, instead of losing it with the replaced element.

const FOCUSABLE = 'input, button, select, textarea, a[href], [tabindex]';

function controlsOf(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

/** Follows the focus in the pre-rendered markup until the live page replaces it, then moves it there. */
export function keepFocusAcrossReplacement(root: HTMLElement): void {
  if (root.childElementCount === 0) return;
  let focused = -1;
  const remember = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && root.contains(active)) {
      focused = controlsOf(root).indexOf(active);
    }
  };
  remember();
  root.addEventListener('focusin', remember);
  const observer = new MutationObserver(() => {
    observer.disconnect();
    root.removeEventListener('focusin', remember);
    const lost = !root.contains(document.activeElement);
    if (focused >= 0 && lost) controlsOf(root)[focused]?.focus();
  });
  observer.observe(root, { childList: true });
}
