import type { FetchLike, PortalRequest } from './http';

// Requests a page sends before the portal's code has arrived (src/client/early.ts), kept on the window
// until the HTTP service asks for the same request and takes its answer (docs/performance.md).

type Answer = ReturnType<FetchLike>;

/** Where the early script leaves its requests for the portal's code, which arrives later. */
const EARLY_ANSWERS_KEY = '__portalEarlyAnswers';

type EarlyAnswers = Map<string, Answer>;

/** Two requests are the same when they go to the same URL with the same method, headers and body. */
function keyOf({ url, init }: PortalRequest): string {
  return JSON.stringify([init.method, url, init.headers, init.body ?? null, init.credentials]);
}

function earlyAnswersOf(holder: object): EarlyAnswers {
  const slot = holder as { [EARLY_ANSWERS_KEY]?: EarlyAnswers };
  slot[EARLY_ANSWERS_KEY] ??= new Map();
  return slot[EARLY_ANSWERS_KEY];
}

/** Sends the request now and keeps its answer for the HTTP service. */
export function sendEarly(request: PortalRequest, fetch: FetchLike, holder: object = window): void {
  const answer = fetch(request.url, request.init);
  // Taken or not, a failed early request must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  earlyAnswersOf(holder).set(keyOf(request), answer);
}

/** The answer to this very request if it was sent early; each early answer is taken once. */
export function takeEarlyAnswer(
  request: PortalRequest,
  holder: object = window,
): Answer | undefined {
  const answers = earlyAnswersOf(holder);
  const key = keyOf(request);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}
