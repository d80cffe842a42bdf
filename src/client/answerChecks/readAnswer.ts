import type { ANSWER_SCHEMAS, CheckedAnswer } from './answerSchemas';

// Every answer the client reads is checked against the contract's schema before it reaches the
// state (docs/architecture.md, One definition per API shape); the checks are one chunk of their own,
// off the first screen (docs/performance.md).

/** The checks' chunk, prefetched when idle; webpack fetches it once, and again after a failed fetch. */
export const loadAnswerChecks = () =>
  import(/* webpackChunkName: "answer-checks", webpackPrefetch: true */ './generated/answerChecks');

/** A copy of the answer with only the contract's fields, or null when it is not what the contract says. */
export async function readAnswer<Name extends keyof typeof ANSWER_SCHEMAS>(
  name: Name,
  answer: unknown,
): Promise<CheckedAnswer<Name> | null> {
  const checks = await loadAnswerChecks();
  // The check removes unknown fields in place: the copy leaves the caller's value as it was.
  const copy: unknown = structuredClone(answer);
  return checks[name](copy) ? (copy as CheckedAnswer<Name>) : null;
}
