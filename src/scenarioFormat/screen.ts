import { computeAccessibleName, getRole, isInaccessible } from 'dom-accessibility-api';
import { stableJson } from './records';
import type { ElementRef, ScopeRef, ScreenCheck } from './scenario';

// Elements as a person finds them (docs/scenarios.md, The person's steps): by ARIA role and
// accessible name (the W3C accname rules, the same implementation Testing Library uses), inside a
// dialog when they are in one. The recorder names what was clicked this way, and replay finds it
// again the same way, so a recording and its replay agree on which element is meant.

/** Roles a person acts on. */
const CONTROL_ROLES: ReadonlySet<string> = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
]);

/** Roles that scope what is inside them. */
const SCOPE_ROLES: ReadonlySet<string> = new Set(['dialog', 'alertdialog']);

const normalise = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * A dialog's name. Its labelling element is looked for inside the dialog first: ids are meant to
 * be unique, but some widget libraries repeat one id in test builds, which would give every open
 * dialog the first one's title.
 */
function scopeName(element: Element): string {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) {
    const texts = labelledBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => {
        const inside = element.querySelector(`[id="${id.replace(/"/g, '\\"')}"]`);
        return normalise((inside ?? element.ownerDocument.getElementById(id))?.textContent ?? '');
      })
      .filter(Boolean);
    if (texts.length > 0) return texts.join(' ');
  }
  return computeAccessibleName(element);
}

function scopeOf(element: Element): Element | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const role = getRole(node);
    if (role !== null && SCOPE_ROLES.has(role)) return node;
  }
  return null;
}

function scopeRef(scope: Element): ScopeRef {
  return { role: getRole(scope) ?? 'dialog', name: scopeName(scope) };
}

/** The control an event on `element` was meant for (the element or its nearest control ancestor). */
export function controlOf(element: Element | null): Element | null {
  for (let node = element; node; node = node.parentElement) {
    const role = getRole(node);
    if (role !== null && CONTROL_ROLES.has(role)) return node;
  }
  return null;
}

/** How a person would name the element: role, accessible name, and the dialog it is in. */
export function elementRef(element: Element): ElementRef {
  const ref: ElementRef = { role: getRole(element) ?? '', name: computeAccessibleName(element) };
  const scope = scopeOf(element);
  if (scope) ref.within = scopeRef(scope);
  return ref;
}

const sameScope = (scope: Element | null, wanted: ScopeRef | undefined) =>
  wanted === undefined
    ? scope === null
    : scope !== null && getRole(scope) === wanted.role && scopeName(scope) === wanted.name;

/** Visible elements matching the reference, in document order; outside every dialog when the
 * reference names none. */
export function findElements(root: ParentNode, ref: ElementRef): Element[] {
  return [...root.querySelectorAll('*')].filter(
    (element) =>
      getRole(element) === ref.role &&
      sameScope(scopeOf(element), ref.within) &&
      computeAccessibleName(element) === ref.name &&
      !isInaccessible(element),
  );
}

/** Visible elements whose whole text is `text`, inside the named dialog when one is given. */
export function findText(root: ParentNode, text: string, within?: ScopeRef): Element[] {
  const wanted = normalise(text);
  return [...root.querySelectorAll('*')].filter(
    (element) =>
      element.localName !== 'script' &&
      element.localName !== 'style' &&
      normalise(element.textContent) === wanted &&
      (within === undefined || sameScope(scopeOf(element), within)) &&
      !isInaccessible(element),
  );
}

export function isDisabled(element: Element): boolean {
  return (
    (element as HTMLButtonElement).disabled === true ||
    element.getAttribute('aria-disabled') === 'true'
  );
}

/** What the screen shows for a check, in the check's own shape, so the two compare field by field. */
export function observe(root: ParentNode, check: ScreenCheck): ScreenCheck {
  if ('text' in check) {
    const found = findText(root, check.text, check.within).length > 0;
    const seen: ScreenCheck = { text: check.text };
    if (check.within) seen.within = check.within;
    if (!found) seen.absent = true;
    return seen;
  }
  const [first] = findElements(root, check.target);
  const seen: ScreenCheck = { target: check.target };
  if (!first) seen.absent = true;
  else if (check.disabled !== undefined) seen.disabled = isDisabled(first);
  return seen;
}

/** Whether the screen shows what the check says. */
export const holds = (root: ParentNode, check: ScreenCheck): boolean =>
  stableJson(observe(root, check)) === stableJson(check);
