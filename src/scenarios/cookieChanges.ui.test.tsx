import path from 'node:path';
import { replayThroughScreen } from './replayThroughScreen';
import { LIBRARY_DIR, loadScenario } from './scenarioFiles';

// Behaviour 8.10 through the screen: the person clicks Sign out after the browser lost the XSRF
// cookie outside any answer. The screen replay must take that change as the saga replay does
// (cookieChanges.test.ts), or the sign-out it sends carries the token the recording did not.
jest.setTimeout(60_000);

const NAME = 'sign-out-refused-by-the-server-still-signs-out';
const FILE = `library/${NAME}.json`;
// Read afresh for each replay (jsdom has no structuredClone).
const recorded = () => loadScenario(path.join(LIBRARY_DIR, `${NAME}.json`));

it('replays the cookie change before the screen’s sign-out call', async () => {
  expect(recorded().steps).toContainEqual({ kind: 'cookies', cookies: {} });
  expect((await replayThroughScreen(recorded(), FILE)).report).toBe('');
});

it('fails without the cookie change: the screen’s sign-out then carries the XSRF token', async () => {
  const without = recorded();
  without.steps = without.steps.filter((step) => step.kind !== 'cookies');
  const verdict = await replayThroughScreen(without, FILE);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toContain('request.xsrf: recorded false, replayed true');
});
