import path from 'node:path';
import { edited, indexOf, stepOf } from './brokenCopies';
import { replayScenario } from './replayScenario';
import type { Scenario, ScenarioStep } from '../scenarioFormat/scenario';
import { LIBRARY_DIR, loadScenario } from './scenarioFiles';
import { parseScenario } from './validateScenario';

// Each kind of break QA may meet must fail, and the message must show what changed and where.
const FILE = 'broken/sign-in-admin-sees-dashboard.json';
const recorded = loadScenario(path.join(LIBRARY_DIR, 'sign-in-admin-sees-dashboard.json'));

const isHttpTo = (pathName: string) => (step: ScenarioStep) =>
  step.kind === 'http' && step.request.path === pathName;

async function reportFor(scenario: Scenario): Promise<string> {
  const verdict = await replayScenario(scenario, FILE);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toContain(`Scenario ${FILE}`);
  return verdict.report;
}

it('replays unchanged (the breaks below are the only cause of failure)', async () => {
  const verdict = await replayScenario(structuredClone(recorded), FILE);
  expect(verdict).toMatchObject({ file: FILE, passed: true, report: '' });
});

it('an edited response shows the value that changed and the step it reached', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = stepOf(copy, 'http', isHttpTo('/api/subscription-info'));
    (step.response.body as { numberOfSeats: number }).numberOfSeats = 25;
  });
  const loaded = indexOf(
    scenario,
    (step) => step.kind === 'action' && step.action.type === 'subscription/subscriptionLoaded',
  );
  const report = await reportFor(scenario);
  expect(report).toContain(`step ${loaded + 1}: the action differs`);
  expect(report).toContain('action.payload.numberOfSeats: recorded 20, replayed 25');
  expect(report).toContain('subscription.user.numberOfSeats: recorded 20, replayed 25');
});

it('a reordered call says the calls came in another order', async () => {
  const scenario = edited(recorded, (copy) => {
    const validator = indexOf(copy, isHttpTo('/api/email-validator'));
    const subscription = indexOf(copy, isHttpTo('/api/subscription-info'));
    const first = copy.steps[validator] as ScenarioStep;
    copy.steps[validator] = copy.steps[subscription] as ScenarioStep;
    copy.steps[subscription] = first;
  });
  const report = await reportFor(scenario);
  expect(report).toMatch(
    /the HTTP calls came in another order — the replay made the call recorded at step \d+ first/,
  );
  expect(report).toContain('replayed: http GET /api/email-validator?email=admin%40acme.example');
});

it('a recorded call the portal does not make is reported as never made', async () => {
  const scenario = edited(recorded, (copy) => {
    const at = indexOf(copy, isHttpTo('/api/subscription-info'));
    const extra: ScenarioStep = {
      kind: 'http',
      request: {
        method: 'GET',
        path: '/api/licence-delegate',
        query: { customer: 'C0acme001' },
        xsrf: false,
      },
      response: { status: 200, body: { members: [] } },
    };
    copy.steps.splice(at + 1, 0, extra);
  });
  const report = await reportFor(scenario);
  expect(report).toMatch(/step \d+: the recorded HTTP call was never made in the replay/);
  expect(report).toContain('http GET /api/licence-delegate?customer=C0acme001');
  expect(report).toContain('← recorded, never made');
});

it('a call missing from the recording is reported as not in the recording', async () => {
  const scenario = edited(recorded, (copy) => {
    copy.steps.splice(indexOf(copy, isHttpTo('/api/email-validator')), 1);
  });
  const report = await reportFor(scenario);
  expect(report).toMatch(/the replay made a HTTP call that is not in the recording/);
  expect(report).toContain('replayed: http GET /api/email-validator?email=admin%40acme.example');
});

it('a differing action names the field', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = stepOf(copy, 'action', (item) => item.action.type === 'session/emailConfirmed');
    step.action.payload = { email: 'someone@acme.example' };
  });
  const report = await reportFor(scenario);
  expect(report).toContain(
    'action.payload.email: recorded "someone@acme.example", replayed "admin@acme.example"',
  );
});

it('a differing navigation shows both paths', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = stepOf(copy, 'navigate');
    step.path = '/forbidden';
  });
  const report = await reportFor(scenario);
  expect(report).toContain('the navigation differs');
  expect(report).toContain('path: recorded "/forbidden", replayed "/licenses"');
});

it('a differing storage effect shows the value', async () => {
  const scenario = edited(recorded, (copy) => {
    const step =
      copy.steps[indexOf(copy, (item) => item.kind === 'storage' && item.call === 'setEmail')];
    if (step?.kind !== 'storage' || step.call !== 'setEmail') throw new Error('expected setEmail');
    step.value = 'other@acme.example';
  });
  const report = await reportFor(scenario);
  expect(report).toContain('the storage effect differs');
  expect(report).toContain('value: recorded "other@acme.example", replayed "admin@acme.example"');
});

it('a removed storage effect shows up as done by the replay only', async () => {
  const scenario = edited(recorded, (copy) => {
    copy.steps.splice(
      indexOf(copy, (item) => item.kind === 'storage' && item.call === 'removeTokenData'),
      1,
    );
  });
  const report = await reportFor(scenario);
  expect(report).toContain('the replay did a storage effect that is not in the recording');
  expect(report).toContain('replayed: storage removeTokenData');
});

it('a differing final state names the field, whole or part', async () => {
  const whole = edited(recorded, (copy) => {
    (copy.finalState.state.session as { email: string }).email = 'other@acme.example';
  });
  expect(await reportFor(whole)).toContain(
    'Final state (whole) differs:\n  session.email: recorded "other@acme.example", replayed "admin@acme.example"',
  );
  const part = edited(recorded, (copy) => {
    copy.finalState = { match: 'part', state: { errors: { isForbidden: true } } };
  });
  expect(await reportFor(part)).toContain(
    'Final state (part) differs:\n  errors.isForbidden: recorded true, replayed false',
  );
});

it('a part final state passes when the named fields match', async () => {
  const part = edited(recorded, (copy) => {
    copy.finalState = { match: 'part', state: { subscription: { user: { numberOfSeats: 20 } } } };
  });
  expect((await replayScenario(part, FILE)).passed).toBe(true);
});

it('a file that breaks the schema is refused with the path of each problem', () => {
  const http = indexOf(recorded, (step) => step.kind === 'http');
  const broken = structuredClone(recorded) as unknown as { steps: Record<string, unknown>[] };
  (broken.steps[http] as { request: { method: string } }).request.method = 'PATCH';
  delete broken.steps[0]?.action;
  expect(() => parseScenario(broken, FILE)).toThrow(
    new RegExp(
      `${FILE} is not a valid scenario:[\\s\\S]*/steps/0 must have required property 'action'[\\s\\S]*/steps/${http}/request/method must be equal to one of the allowed values`,
    ),
  );
});

it('saga-only replay leaves the screen out: a changed screen check does not fail it', async () => {
  const scenario = edited(recorded, (copy) => {
    const step = copy.steps[indexOf(copy, (item) => item.kind === 'see')];
    if (step?.kind !== 'see' || !('target' in step)) throw new Error('expected an element check');
    step.target.name = 'Something the sagas never see';
  });
  expect((await replayScenario(scenario, FILE)).passed).toBe(true);
});
