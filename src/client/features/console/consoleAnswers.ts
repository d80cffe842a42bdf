import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { readAnswer } from '../../answerChecks/readAnswer';
import type { ANSWER_SCHEMAS, CheckedAnswer } from '../../answerChecks/answerSchemas';
import { readFailure } from '../../services/httpFailure';

// How the console's sagas read what the server said: an answer checked against the contract, or the
// words of a refusal to show beside the form (docs/behaviour.md 10).

export const UNREADABLE_ANSWER = 'The portal answered with data the console cannot read.';

/** The checked answer; throws the console's words when it is not what the contract says. */
export function* checkedAnswer<Name extends keyof typeof ANSWER_SCHEMAS>(
  name: Name,
  answer: unknown,
): SagaIterator<CheckedAnswer<Name>> {
  const checked: CheckedAnswer<Name> | null = yield call(readAnswer, name, answer);
  if (checked === null) throw new Error(UNREADABLE_ANSWER);
  return checked;
}

/** The server's message of a failure (a 400 names the field), else a plain sentence. */
export function failureWords(failure: unknown): string {
  const { message, status } = readFailure(failure);
  if (message !== undefined) return message;
  return status === 0
    ? 'The portal could not be reached. Try again in a minute.'
    : 'The portal could not complete the request. Try again.';
}
