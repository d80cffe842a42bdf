import { isJsonObject } from '../contract/json';
import { asJson, stableJson } from '../scenarioFormat/records';
import type { ElementRef, ScenarioStep, ScopeRef } from '../scenarioFormat/scenario';

// One-line, human-readable descriptions of steps and of value changes, for replay verdicts.
const MAX_VALUE_TEXT = 90;
const MAX_CHANGES_SHOWN = 6;

export function shorten(text: string, limit = MAX_VALUE_TEXT): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

const valueText = (value: unknown) => (value === undefined ? '' : shorten(stableJson(value)));

function queryText(query: Record<string, string> | undefined): string {
  if (!query || Object.keys(query).length === 0) return '';
  return `?${new URLSearchParams(query).toString()}`;
}

/** Shown beside a person's event the replay could not do. */
export const unreachableText = 'not on the screen in the replay';

const scopeText = (scope: ScopeRef | undefined) =>
  scope ? ` in ${scope.role} "${scope.name}"` : '';

export const elementText = (ref: ElementRef): string =>
  `${ref.role} "${ref.name}"${scopeText(ref.within)}`;

export function describeStep(step: ScenarioStep): string {
  switch (step.kind) {
    case 'user':
      if (step.action === 'click') return `person clicks ${elementText(step.target)}`;
      if (step.action === 'fill') {
        return `person fills ${elementText(step.target)} with ${JSON.stringify(step.text)}`;
      }
      return `person presses ${step.key}${step.target ? ` on ${elementText(step.target)}` : ''}`;
    case 'see': {
      const what =
        'text' in step
          ? `text ${JSON.stringify(step.text)}${scopeText(step.within)}`
          : elementText(step.target);
      const state =
        'disabled' in step && step.disabled !== undefined
          ? step.disabled
            ? ' (disabled)'
            : ' (enabled)'
          : '';
      return step.absent ? `sees no ${what}` : `sees ${what}${state}`;
    }
    case 'route':
      return `screen at ${step.path}`;
    case 'cookies': {
      const names = Object.keys(step.cookies);
      return `browser cookies now ${names.length === 0 ? 'none' : names.join(', ')} (changed outside any answer)`;
    }
    case 'intent':
    case 'action':
      return `${step.kind} ${step.action.type} ${valueText(step.action.payload)}`.trimEnd();
    case 'http': {
      const { method, path, query, headers, body, xsrf } = step.request;
      const headerNames = Object.keys(headers ?? {});
      const parts = [`http ${method} ${path}${queryText(query)}`];
      if (headerNames.length > 0) parts.push(`[${headerNames.join(', ')}]`);
      if (body !== undefined) parts.push(valueText(body));
      parts.push(xsrf ? '(X-XSRF-TOKEN sent)' : '(no X-XSRF-TOKEN)');
      return parts.join(' ');
    }
    case 'identity':
      return `identity popup hint=${step.request.hint} scopes=${step.request.scopes.join(' ')}`;
    case 'revoke':
      return `identity revokes ${step.request.token}`;
    case 'storage':
      return `storage ${step.call} ${'value' in step ? valueText(step.value) : ''}`.trimEnd();
    case 'navigate':
      return `navigate ${step.path}`;
    case 'assign':
      return `assign ${step.url}`;
    case 'reload':
      return 'reload';
    case 'log':
      return `log "${step.message}"`;
  }
}

/** What a recorded input answered, for context lines: '→ 200 {...}', '→ token', '→ error …'. */
export function describeAnswer(step: ScenarioStep): string {
  if (step.kind === 'http') return `→ ${step.response.status} ${valueText(step.response.body)}`;
  if (step.kind === 'identity') {
    return 'token' in step.result ? '→ token' : `→ error ${step.result.error.error}`;
  }
  if (step.kind === 'revoke') {
    return 'revoked' in step.result ? '→ revoked' : `→ error ${step.result.error.error}`;
  }
  return '';
}

function collectChanges(
  recorded: unknown,
  replayed: unknown,
  path: string,
  into: string[],
  partOnly: boolean,
): void {
  if (stableJson(recorded) === stableJson(replayed)) return;
  if (isJsonObject(recorded) && isJsonObject(replayed)) {
    const keys = new Set(Object.keys(recorded));
    if (!partOnly) for (const key of Object.keys(replayed)) keys.add(key);
    for (const key of [...keys].sort()) {
      collectChanges(recorded[key], replayed[key], path ? `${path}.${key}` : key, into, partOnly);
    }
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(replayed) && recorded.length === replayed.length) {
    recorded.forEach((item, index) =>
      collectChanges(item, replayed[index], `${path}[${index}]`, into, partOnly),
    );
    return;
  }
  const shown = (value: unknown) => (value === undefined ? '(absent)' : valueText(value));
  into.push(`${path || '(value)'}: recorded ${shown(recorded)}, replayed ${shown(replayed)}`);
}

/** The paths where two values differ, e.g. 'payload.numberOfSeats: recorded 23, replayed 25'. */
export function describeChanges(recorded: unknown, replayed: unknown, partOnly = false): string[] {
  const changes: string[] = [];
  collectChanges(asJson(recorded), asJson(replayed), '', changes, partOnly);
  if (changes.length <= MAX_CHANGES_SHOWN) return changes;
  return [
    ...changes.slice(0, MAX_CHANGES_SHOWN),
    `… and ${changes.length - MAX_CHANGES_SHOWN} more`,
  ];
}

/** Whether `replayed` holds every field of `recorded` with the same value (arrays whole). */
export function matchesPart(recorded: unknown, replayed: unknown): boolean {
  if (isJsonObject(recorded) && isJsonObject(replayed)) {
    return Object.keys(recorded).every((key) => matchesPart(recorded[key], replayed[key]));
  }
  return stableJson(recorded) === stableJson(replayed);
}
