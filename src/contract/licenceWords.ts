// The word the screens and the mails use for a seat (docs/behaviour.md 7): always spelt license.

/** '1 license' / '3 licenses'. */
export function licenceCount(count: number): string {
  return `${count} ${count === 1 ? 'license' : 'licenses'}`;
}
