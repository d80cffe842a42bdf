import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { END, type SagaIterator } from 'redux-saga';
import { call, put, setContext } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer, type RootState } from '../client/app/rootReducer';
import { rootSaga } from '../client/app/rootSaga';
import { createReplaySession, type ReplaySession } from './replayServices';
import type { RecordedAction, Scenario } from './scenario';
import { judgeReplay, type ReplayVerdict } from './scenarioVerdict';
import { asJson } from './stepText';

// Replays one scenario through the REAL root saga and reducers with redux-saga-test-plan.

const INIT_ACTION = { type: '@@scenario/INIT' };
/** Actions from redux and the test plan itself are not the portal's. */
const isInternal = (action: Action) => action.type.startsWith('@@');

/** The person's intents, one at a time, each once the previous one's effects have settled. When the
 * last has settled, END stops every watcher, so the run ends at once instead of at a timeout. */
function* driveScenario(session: ReplaySession, intents: UnknownAction[]): SagaIterator {
  yield setContext({ ...session.context });
  yield call(rootSaga);
  for (const intent of intents) {
    yield call(session.settle);
    yield put(intent);
  }
  yield call(session.settle);
  yield put(END);
}

export async function replayScenario(scenario: Scenario, file: string): Promise<ReplayVerdict> {
  const session = createReplaySession(scenario);
  const intents: UnknownAction[] = scenario.steps.flatMap((step) =>
    step.kind === 'intent' ? [asJson(step.action) as UnknownAction] : [],
  );
  const intentSet = new Set<unknown>(intents);
  // Every action the store sees joins the replay's timeline, in the order the reducer sees it.
  const watchedReducer = (state: RootState | undefined, action: UnknownAction): RootState => {
    if (!isInternal(action)) {
      const recorded: RecordedAction = asJson({ type: action.type, payload: action.payload });
      session.timeline.push({
        kind: intentSet.has(action) ? 'intent' : 'action',
        action: recorded,
      });
    }
    return rootReducer(state, action);
  };
  const initialState = rootReducer(undefined, INIT_ACTION);
  let finalState: unknown = initialState;
  let crash: unknown;
  try {
    // No timeout: the driver always ends, and a timer per run would only slow the library down.
    const result = await expectSaga(driveScenario, session, intents)
      .withReducer(watchedReducer, initialState)
      .run(false);
    finalState = result.storeState;
  } catch (error) {
    crash = error;
  }
  return judgeReplay(scenario, file, {
    timeline: session.timeline,
    answers: session.answers,
    unusedExchanges: session.unusedExchanges(),
    finalState,
    crash,
  });
}
