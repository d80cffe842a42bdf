import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { actionStep, isInternalAction } from './records';
import type { ScenarioStep } from './scenario';

// The recorder and both replays write the store's actions through this one middleware, so a
// recorded timeline and a replayed one list the same actions in the same order (docs/scenarios.md).

export interface ActionTimeline {
  /** True once the page has ended (assign, reload): what the store sees later is not recorded. */
  ended(): boolean;
  record(step: ScenarioStep): void;
  /** The store's state after each recorded action, for the scenario's final state. */
  stateAfter(state: unknown): void;
}

/** Every action the store sees, but Redux's own, joins the timeline in the order the reducer sees it. */
export function actionTimeline(timeline: ActionTimeline): Middleware {
  return (api) => (next) => (action) => {
    const type = (action as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || isInternalAction(type) || timeline.ended()) return next(action);
    timeline.record(actionStep(action as UnknownAction));
    const result = next(action);
    timeline.stateAfter(api.getState());
    return result;
  };
}
