// Reading JSON whose shape is not yet known (an answer, a stored value, the runtime configuration).

/** A JSON object: not null and not an array, so its fields can be read by name. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
