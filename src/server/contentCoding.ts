// Which compression the client accepts (docs/performance.md): Accept-Encoding's codings with their
// weights, where a weight of 0 refuses a coding; the heaviest offered coding wins, our order breaking ties.

/** The weight of a coding named without one. */
const FULL_WEIGHT = 1;
const WILDCARD = '*';
/** "br;q=0.5" → the coding, then its parameters. */
const PARAMETER_SEPARATOR = ';';
const WEIGHT_PARAMETER = /^q=(.*)$/i;

function weightOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const weight = WEIGHT_PARAMETER.exec(parameter.trim());
    if (weight) return Number.parseFloat(weight[1] ?? '') || 0;
  }
  return FULL_WEIGHT;
}

/**
 * The coding of `offered` (in our order of preference) that the Accept-Encoding header weighs most,
 * or null when it accepts none of them; '*' stands for `wildcard`.
 */
export function preferredContentCoding<Coding extends string>(
  header: string | undefined,
  offered: readonly Coding[],
  wildcard: Coding,
): Coding | null {
  if (header === undefined || header.trim() === '') return null;
  const weights = new Map<string, number>();
  for (const entry of header.split(',')) {
    const [rawName = '', ...parameters] = entry.split(PARAMETER_SEPARATOR);
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    const coding = name === WILDCARD ? wildcard : name;
    weights.set(coding, Math.max(weights.get(coding) ?? 0, weightOf(parameters)));
  }
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weights.get(coding) ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
