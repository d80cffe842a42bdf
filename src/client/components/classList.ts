// The class attribute antd's components build with clsx, for the portal's stand-ins for them.

/** The given class names in order, the falsy ones left out. */
export function classList(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
