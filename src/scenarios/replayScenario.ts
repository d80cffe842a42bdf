import {
  applyMiddleware,
  legacy_createStore as createStore,
  type UnknownAction,
} from '@reduxjs/toolkit';
import createSagaMiddleware, { END } from 'redux-saga';
import { rootReducer } from '../client/app/rootReducer';
import { rootSaga } from '../client/app/rootSaga';
import { actionTimeline } from '../scenarioFormat/actionTimeline';
import { asJson } from '../scenarioFormat/records';
import { isScreenStep, type Scenario } from '../scenarioFormat/scenario';
import { createReplaySession } from './replayServices';
import { judgeReplay, type ReplayVerdict } from './scenarioVerdict';

// Saga-only replay (docs/scenarios.md, Replaying): the REAL root saga and reducers, the recorded
// intents dispatched in order, every service answered from the recording. No screen is drawn, so
// the person's events, screen checks and locations are left out of the comparison; it is fast
// enough to run the whole library hundreds of times a second (npm run bench:scenarios).

export async function replayScenario(scenario: Scenario, file: string): Promise<ReplayVerdict> {
  const session = createReplaySession(scenario);
  const intents = scenario.steps.flatMap((step) =>
    step.kind === 'intent' ? [asJson(step.action) as UnknownAction] : [],
  );
  let finalState: unknown = rootReducer(undefined, { type: '@@scenario/INIT' });
  let crash: unknown;
  const timeline = actionTimeline({
    ended: session.ended,
    record: session.record,
    stateAfter: (state) => (finalState = state),
  });
  const sagas = createSagaMiddleware({
    context: { ...session.context },
    onError: (error) => {
      crash = error;
    },
  });
  const store = createStore(rootReducer, applyMiddleware(timeline, sagas));
  const task = sagas.run(rootSaga);
  try {
    // One intent at a time, each once the previous one's effects have settled; a page that has
    // ended (assign, reload) takes no more.
    for (const intent of intents) {
      await session.settle();
      if (session.ended()) break;
      store.dispatch(intent);
    }
    await session.settle();
  } catch (error) {
    crash = error;
  }
  // END stops every watcher, so the run ends at once instead of at a timeout.
  store.dispatch(END as unknown as UnknownAction);
  task.cancel();
  return judgeReplay(scenario, file, {
    mode: 'sagas',
    recorded: scenario.steps.flatMap((step, index) =>
      isScreenStep(step) ? [] : [{ step, index }],
    ),
    timeline: session.timeline,
    answers: session.answers,
    unusedExchanges: session.unusedExchanges(),
    finalState,
    crash,
  });
}
