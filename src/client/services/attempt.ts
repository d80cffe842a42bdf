/** Browser storage may be switched off or full (private mode, blocked cookies) and stored text may
 * not parse: the portal then carries on with `otherwise`. */
export function attempt<T>(work: () => T, otherwise: T): T {
  try {
    return work();
  } catch {
    return otherwise;
  }
}
