import type { Scenario, ScenarioStep } from '../scenarioFormat/scenario';

// How the broken-scenario tests break a library scenario: a copy with one edit, at a step they find.

const NO_SUCH_STEP = 'The library scenario no longer has the step this test edits';

/** A copy of `from` with `change` made to it (a JSON copy: jsdom has no structuredClone). */
export function edited(from: Scenario, change: (copy: Scenario) => void): Scenario {
  const copy = JSON.parse(JSON.stringify(from)) as Scenario;
  change(copy);
  return copy;
}

/** The index of the first step `test` accepts; throws when the library scenario has none. */
export function indexOf(scenario: Scenario, test: (step: ScenarioStep) => boolean): number {
  const index = scenario.steps.findIndex(test);
  if (index < 0) throw new Error(NO_SUCH_STEP);
  return index;
}

/** The first step of `kind` that `test` accepts, typed as that kind, to edit in place. */
export function stepOf<K extends ScenarioStep['kind']>(
  scenario: Scenario,
  kind: K,
  test: (step: Extract<ScenarioStep, { kind: K }>) => boolean = () => true,
): Extract<ScenarioStep, { kind: K }> {
  const found = scenario.steps
    .filter((step): step is Extract<ScenarioStep, { kind: K }> => step.kind === kind)
    .find(test);
  if (found === undefined) throw new Error(NO_SUCH_STEP);
  return found;
}
