import path from 'node:path';
import { createRedaction } from '../scenarioFormat/redaction';
import { replayScenario } from './replayScenario';
import { LIBRARY_DIR, findScenarioFiles, loadScenario } from './scenarioFiles';
import { parseScenario } from './validateScenario';

// A recording's pseudonyms (docs/scenarios.md, Secrets and personal data) keep it replayable: every
// scenario of the library, with its addresses and ids pseudonymised as the recorder does by default,
// replays through the sagas as the original does.
const files = findScenarioFiles([LIBRARY_DIR]);

it.each(files.map((file) => [path.basename(file), file]))(
  '%s replays with its addresses and ids pseudonymised',
  async (name, file) => {
    const original = loadScenario(file);
    const pseudonymised = createRedaction().apply(original);
    const text = JSON.stringify(pseudonymised);
    expect(text).not.toMatch(/C0[a-z]+0*1\b|sub-[a-z]+-001|\b(?:admin|staff|licences)@/);
    const verdict = await replayScenario(parseScenario(pseudonymised, name), name);
    expect(verdict.report).toBe('');
  },
);
