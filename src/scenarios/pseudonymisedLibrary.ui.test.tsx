import path from 'node:path';
import { createRedaction } from '../scenarioFormat/redaction';
import { replayThroughScreen } from './replayThroughScreen';
import { LIBRARY_DIR, findScenarioFiles, loadScenario } from './scenarioFiles';
import { parseScenario } from './validateScenario';

// The screen replay of every library scenario with its addresses and ids pseudonymised, as the
// recorder writes them by default (docs/scenarios.md, Secrets and personal data): the names on the
// screen change with the data, and replay still finds every element and check.
jest.setTimeout(60_000);

const files = findScenarioFiles([LIBRARY_DIR]);

it.each(files.map((file) => [path.basename(file), file]))(
  '%s replays through the screen with its addresses and ids pseudonymised',
  async (name, file) => {
    const pseudonymised = parseScenario(createRedaction().apply(loadScenario(file)), name);
    expect(JSON.stringify(pseudonymised)).not.toMatch(/C0[a-z]+0*1\b|\b(?:admin|staff)@/);
    const verdict = await replayThroughScreen(pseudonymised, name);
    expect(verdict.report).toBe('');
  },
);
