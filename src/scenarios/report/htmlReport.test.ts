import path from 'node:path';
import type { Scenario } from '../../scenarioFormat/scenario';
import { replayScenario } from '../replayScenario';
import { LIBRARY_DIR, loadScenario } from '../scenarioFiles';
import { renderReport } from './htmlReport';
import type { ScenarioRunResult } from './runResults';

// The report QA opens: every scenario's timeline, its final state, and for a failure the step
// where the replay left the recording, marked, with the recorded and replayed values.
const passing = loadScenario(path.join(LIBRARY_DIR, 'admin-adds-licence-delegate.json'));
const original = loadScenario(path.join(LIBRARY_DIR, 'home-google-email-shows-sign-in.json'));

async function run(file: string, scenario: Scenario): Promise<ScenarioRunResult> {
  return { file, scenario, verdict: await replayScenario(scenario, file), durationMs: 12 };
}

it('shows a failure first, with the first difference marked and both values', async () => {
  const broken = JSON.parse(JSON.stringify(original)) as Scenario;
  broken.title = 'A title with <markup> & "quotes"';
  for (const step of broken.steps) {
    if (step.kind === 'http') step.response.body = { isGoogleAccount: false };
  }
  const html = renderReport([
    await run('library/admin-adds-licence-delegate.json', passing),
    await run('broken/home.json', broken),
  ]);
  expect(html).toContain('2 scenarios · 2 replays · <strong>1 failed</strong>');
  // The failing scenario comes first in the page.
  expect(html.indexOf('broken/home.json')).toBeLessThan(
    html.indexOf('library/admin-adds-licence-delegate.json'),
  );
  expect(html).toContain('A title with &lt;markup&gt; &amp; &quot;quotes&quot;');
  expect(html).not.toContain('<markup>');
  expect(html).toMatch(
    /<tr class="first">.*the recorded storage effect did not happen in the replay.*recorded: storage setEmail/s,
  );
  expect(html).toContain('<tr class="added kind-assign">');
  expect(html).toContain('<tr class="removed kind-storage">');
  expect(html).toContain('→ 200 {&quot;isGoogleAccount&quot;:false}');
});

it('shows a passing scenario’s whole timeline: the person, requests and answers, actions, storage', async () => {
  const html = renderReport([await run('library/admin-adds-licence-delegate.json', passing)]);
  expect(html).toContain('<span class="badge passed">passed</span>');
  expect(html).toContain('Final state (whole) — as recorded');
  for (const who of [
    'Screen → intent',
    'Saga → action',
    'HTTP',
    'Identity',
    'Storage',
    'Navigation',
  ]) {
    expect(html).toContain(`<td class="who">${who}</td>`);
  }
  expect(html).not.toContain('class="first"');
});
