import Ajv, { type ErrorObject } from 'ajv';
import type { Scenario } from '../scenarioFormat/scenario';
import scenarioSchema from '../scenarioFormat/scenario.schema.json';

// Every scenario file is checked against the schema before it is replayed, so a typo reads as one.
const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, strictTypes: false });
const validate = ajv.compile<Scenario>(scenarioSchema);

export class InvalidScenarioError extends Error {
  override name = 'InvalidScenarioError';
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(top level)' : error.instancePath;
  const allowed =
    error.keyword === 'enum' || error.keyword === 'const'
      ? ` ${JSON.stringify(error.params)}`
      : error.keyword === 'additionalProperties'
        ? ` '${String((error.params as { additionalProperty: string }).additionalProperty)}'`
        : '';
  return `${where} ${error.message ?? 'is invalid'}${allowed}`;
}

/** The scenario, or an InvalidScenarioError naming the file and every schema violation. */
export function parseScenario(value: unknown, file: string): Scenario {
  if (validate(value)) return value;
  const problems = (validate.errors ?? []).map(describeError);
  throw new InvalidScenarioError(
    `${file} is not a valid scenario:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
}
