import type { Saga } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../client/app/rootReducer';
import { createFakeServices, type FakeServicesOptions } from './fakeServices';
import { buildState } from './state';

// The saga tests' one set-up: a feature's saga with the real reducers, from a given state, with its
// services faked (fakeServices.ts), so a test asserts what the person would see come of it.

/** How long a saga test lets the saga run before it looks at the calls and the state. */
export const RUN_MS = 50;

/** `saga` under redux-saga-test-plan, from `state` (every slice initial unless given). */
export function runSaga(saga: Saga, options: FakeServicesOptions = {}, state = buildState()) {
  const fake = createFakeServices(options);
  return { fake, saga: expectSaga(saga).withReducer(rootReducer, state).provide(fake.provider) };
}
