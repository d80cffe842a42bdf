import path from 'node:path';
import type { Scenario } from '../scenarioFormat/scenario';
import { edited, indexOf, stepOf } from './brokenCopies';
import { replayThroughScreen } from './replayThroughScreen';
import { LIBRARY_DIR, loadScenario } from './scenarioFiles';

// Breaks only the screen can see: each must fail the replay through the screen, and the message
// must say what the person could not do or what the screen showed instead, and at which step.
jest.setTimeout(60_000);

const FILE = 'broken/start-without-token-on-forbidden-goes-home.json';
const recorded = loadScenario(
  path.join(LIBRARY_DIR, 'start-without-token-on-forbidden-goes-home.json'),
);
const signIn = loadScenario(path.join(LIBRARY_DIR, 'home-google-email-shows-sign-in.json'));

const replay = (scenario: Scenario) =>
  replayThroughScreen(scenario, FILE, { findTimeoutMs: 2_000, checkTimeoutMs: 500 });

it('a person’s event on an element that is not on the screen says so, at its step', async () => {
  const scenario = edited(signIn, (copy) => {
    const at = indexOf(copy, (step) => step.kind === 'user' && step.action === 'click');
    const step = copy.steps[at];
    if (step?.kind !== 'user' || step.action !== 'click') throw new Error('expected a click');
    step.target = { role: 'button', name: 'Continue' };
  });
  const at = indexOf(scenario, (step) => step.kind === 'user' && step.action === 'click');
  const verdict = await replay(scenario);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toContain(
    `First difference — step ${at + 1}: the person's event could not be done in the replay:\n` +
      '  recorded: person clicks button "Continue"\n' +
      '  replayed: no button "Continue" on the screen',
  );
  expect(verdict.report).toContain('← not on the screen in the replay');
});

it('a screen check that no longer holds shows what the screen showed instead', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = copy.steps[indexOf(copy, (item) => item.kind === 'see' && 'target' in item)];
    if (step?.kind !== 'see' || !('target' in step)) throw new Error('expected an element check');
    step.target = { role: 'textbox', name: 'Password' };
  });
  const verdict = await replay(scenario);
  expect(verdict.report).toMatch(/step \d+: the screen check differs/);
  expect(verdict.report).toContain('recorded: sees textbox "Password"');
  expect(verdict.report).toContain('replayed: sees no textbox "Password"');
});

it('a different location of the screen names both paths', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = stepOf(copy, 'route');
    step.path = '/licenses';
  });
  const verdict = await replay(scenario);
  expect(verdict.report).toMatch(/step \d+: the screen location differs/);
  expect(verdict.report).toContain('path: recorded "/licenses", replayed "/"');
});
