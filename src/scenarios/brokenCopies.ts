import type { Scenario, ScenarioStep } from '../scenarioFormat/scenario';

// How the broken-scenario tests break a library scenario: a copy with one edit, at a step they find.

/** A copy of `from` with `change` made to it (a JSON copy: jsdom has no structuredClone). */
export function edited(from: Scenario, change: (copy: Scenario) => void): Scenario {
  const copy = JSON.parse(JSON.stringify(from)) as Scenario;
  change(copy);
  return copy;
}

/** The index of the first step `test` accepts; throws when the library scenario has none. */
export function indexOf(scenario: Scenario, test: (step: ScenarioStep) => boolean): number {
  const index = scenario.steps.findIndex(test);
  if (index < 0) throw new Error('The library scenario no longer has the step this test edits');
  return index;
}
