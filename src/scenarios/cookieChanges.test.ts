import path from 'node:path';
import { replayScenario } from './replayScenario';
import { LIBRARY_DIR, loadScenario } from './scenarioFiles';

// Behaviour 8.10's recording: the XSRF cookie is cleared outside any answer before sign-out, so the
// refused sign-out goes out without its token. Replay must take that change, or the call differs.
const NAME = 'sign-out-refused-by-the-server-still-signs-out';
const FILE = `library/${NAME}.json`;
const recorded = loadScenario(path.join(LIBRARY_DIR, `${NAME}.json`));

it('replays the cookie change before the sign-out call', async () => {
  const at = recorded.steps.findIndex((step) => step.kind === 'cookies');
  expect(recorded.steps[at]).toEqual({ kind: 'cookies', cookies: {} });
  expect(recorded.steps[at + 1]).toMatchObject({
    kind: 'http',
    request: { method: 'POST', path: '/api/sign-out', xsrf: false },
    response: { status: 403 },
  });
  expect((await replayScenario(structuredClone(recorded), FILE)).report).toBe('');
});

it('fails without the cookie change: replay still holds the XSRF cookie and sends it', async () => {
  const without = structuredClone(recorded);
  without.steps = without.steps.filter((step) => step.kind !== 'cookies');
  const verdict = await replayScenario(without, FILE);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toContain('request.xsrf: recorded false, replayed true');
});
