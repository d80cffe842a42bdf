import { getRole } from 'dom-accessibility-api';
import type { UserEvent } from '../../scenarioFormat/scenario';
import { controlOf, elementRef } from '../../scenarioFormat/screen';

// What the person does on the screen, as user events on accessible names (docs/scenarios.md):
// pointer clicks, the text a field ends up with, and the keys that move or act (Enter, Escape, Tab,
// arrows, Space). Listening in the capture phase on the window writes each event before the screen
// reacts to it, so the event comes before the intent it produced.

const RECORDED_KEYS: ReadonlySet<string> = new Set([
  'Enter',
  'Escape',
  'Tab',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  ' ',
]);
/** In these a Space is typed text, recorded with the field's text. */
const TEXT_ROLES: ReadonlySet<string> = new Set(['textbox', 'searchbox', 'spinbutton', 'combobox']);

export interface PersonEventOptions {
  /** Events on elements this says yes to are not the portal's (the recorder's own panel). */
  ignore: (element: Element) => boolean;
  onEvent: (event: UserEvent) => void;
}

/** Fields whose input events carry typed text; a radio or checkbox's input follows its click. */
const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  'email',
  'number',
  'password',
  'search',
  'tel',
  'text',
  'url',
]);

function takesText(element: Element): element is HTMLInputElement | HTMLTextAreaElement {
  if (element.localName === 'textarea') return true;
  return element.localName === 'input' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type);
}

const asElement = (target: EventTarget | null) =>
  target !== null && (target as Node).nodeType === 1 ? (target as Element) : null;

/** Starts listening; returns the function that stops it. */
export function watchPersonEvents(win: Window, options: PersonEventOptions): () => void {
  const { ignore, onEvent } = options;

  const click = (event: MouseEvent) => {
    // A click a key caused (Enter or Space on a button, Enter submitting a form) has detail 0;
    // the key is what the person did, and it is recorded as such.
    const element = asElement(event.target);
    if (event.detail === 0 || !element || ignore(element)) return;
    // A click on a label's text is handed on to its control as a click of its own; that one is
    // recorded, as the click on the control (a radio button, a checkbox).
    const label = element.closest('label');
    if (label?.control && !label.control.contains(element)) return;
    const control = controlOf(element);
    if (control) onEvent({ action: 'click', target: elementRef(control) });
  };

  const input = (event: Event) => {
    const element = asElement(event.target);
    if (!element || ignore(element) || !takesText(element)) return;
    const control = controlOf(element) ?? element;
    onEvent({ action: 'fill', target: elementRef(control), text: element.value });
  };

  const keydown = (event: KeyboardEvent) => {
    if (!RECORDED_KEYS.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.isComposing) return;
    const element = asElement(event.target);
    if (element && ignore(element)) return;
    const control = controlOf(element);
    const role = control ? getRole(control) : null;
    if (event.key === ' ' && role !== null && TEXT_ROLES.has(role)) return;
    const key = `${event.shiftKey ? 'Shift+' : ''}${event.key === ' ' ? 'Space' : event.key}`;
    onEvent({ action: 'key', target: control ? elementRef(control) : null, key });
  };

  win.addEventListener('click', click, true);
  win.addEventListener('input', input, true);
  win.addEventListener('keydown', keydown, true);
  return () => {
    win.removeEventListener('click', click, true);
    win.removeEventListener('input', input, true);
    win.removeEventListener('keydown', keydown, true);
  };
}
