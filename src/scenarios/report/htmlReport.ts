import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../../contract/html';
import type { ScenarioStep } from '../../scenarioFormat/scenario';
import type { DiffLine, ReplayDetails } from '../scenarioVerdict';
import { describeAnswer, describeStep } from '../stepText';
import type { ScenarioRunResult } from './runResults';

// One static HTML page per run (docs/scenarios.md, The report): every scenario's steps as a
// timeline (the person, requests and answers, actions, navigation, storage), its final state, and
// for a failure the recorded and replayed timelines side by side with the first difference marked.
// No script and no outside resource: the file opens from disk or as a CI artefact.

const ROOT = path.resolve(__dirname, '..', '..', '..');
export const DEFAULT_REPORT_FILE = path.join(ROOT, 'test-results', 'scenarios', 'report.html');

const MODE_NAMES: Record<ReplayDetails['mode'], string> = {
  screen: 'through the screen',
  sagas: 'through the sagas',
};

const pretty = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2) ?? 'undefined');

/** Who did a step, as the timeline's first column says it. */
function actor(step: ScenarioStep): string {
  switch (step.kind) {
    case 'user':
      return 'Person';
    case 'see':
      return 'Screen check';
    case 'intent':
      return 'Screen → intent';
    case 'action':
      return 'Saga → action';
    case 'http':
      return 'HTTP';
    case 'identity':
    case 'revoke':
      return 'Identity';
    case 'storage':
      return 'Storage';
    case 'cookies':
      return 'Browser';
    case 'navigate':
    case 'route':
    case 'assign':
    case 'reload':
      return 'Navigation';
    case 'log':
      return 'Log';
  }
}

/** What came back (HTTP and identity), folded away under the step. */
function answer(step: ScenarioStep): string {
  if (step.kind === 'http') {
    const cookies = step.response.cookies
      ? ` · sets ${Object.keys(step.response.cookies).join(', ')}`
      : '';
    return `<details><summary>${escapeHtml(describeAnswer(step) + cookies)}</summary><pre>${pretty({
      request: step.request,
      response: step.response,
    })}</pre></details>`;
  }
  if (step.kind === 'identity') {
    const result = 'token' in step.result ? 'token' : `error ${step.result.error.error}`;
    return `<details><summary>→ ${escapeHtml(result)}</summary><pre>${pretty(step.result)}</pre></details>`;
  }
  if ((step.kind === 'intent' || step.kind === 'action') && step.action.payload !== undefined) {
    return `<details><summary>payload</summary><pre>${pretty(step.action.payload)}</pre></details>`;
  }
  return '';
}

function stepRow(
  step: ScenarioStep,
  number: string,
  kind: 'same' | 'removed' | 'added',
  note = '',
): string {
  const marker = kind === 'removed' ? '−' : kind === 'added' ? '+' : '';
  return `<tr class="${kind} kind-${step.kind}"><td class="num">${marker}${number}</td><td class="who">${escapeHtml(
    actor(step),
  )}</td><td>${escapeHtml(describeStep(step))}${note ? ` <em>${escapeHtml(note)}</em>` : ''}${answer(step)}</td></tr>`;
}

function firstDifferenceRow(first: NonNullable<ReplayDetails['first']>): string {
  return `<tr class="first"><td class="num">!</td><td class="who">First difference</td><td><strong>${escapeHtml(
    first.headline,
  )}</strong><pre>${escapeHtml(first.details.join('\n'))}</pre></td></tr>`;
}

function timeline(result: ScenarioRunResult, details: ReplayDetails): string {
  const steps = result.scenario.steps;
  const rows: string[] = [];
  details.lines.forEach((line: DiffLine, index) => {
    if (details.first && index === details.first.line) rows.push(firstDifferenceRow(details.first));
    if (line.op === 'added') {
      const step = details.timeline[line.replayed] as ScenarioStep;
      const note = details.unrecorded.includes(line.replayed) ? '← not in the recording' : '';
      rows.push(stepRow(step, '', 'added', note));
      return;
    }
    const step = steps[line.recorded] as ScenarioStep;
    const notes = [
      details.unusedExchanges.includes(line.recorded) ? '← recorded, never made' : '',
      details.unreachable?.index === line.recorded ? `← ${details.unreachable.reason}` : '',
    ].filter(Boolean);
    rows.push(stepRow(step, String(line.recorded + 1), line.op, notes.join(' ')));
  });
  return `<table class="timeline"><thead><tr><th>Step</th><th>Who</th><th>What happened</th></tr></thead><tbody>${rows.join(
    '',
  )}</tbody></table>`;
}

function finalState(result: ScenarioRunResult, details: ReplayDetails): string {
  const expected = result.scenario.finalState;
  const same = details.stateProblems.length === 0;
  const problems = same
    ? ''
    : `<ul class="problems">${details.stateProblems
        .map((problem) => `<li>${escapeHtml(problem)}</li>`)
        .join('')}</ul>`;
  const actual = same
    ? ''
    : `<details open><summary>Replayed state</summary><pre>${pretty(details.finalState)}</pre></details>`;
  return `<h4>Final state (${expected.match}) ${same ? '— as recorded' : '— differs'}</h4>${problems}<details${
    same ? '' : ' open'
  }><summary>Recorded state</summary><pre>${pretty(expected.state)}</pre></details>${actual}`;
}

function modeSection(result: ScenarioRunResult): string {
  const { verdict, durationMs } = result;
  const { details } = verdict;
  const status = verdict.passed ? 'passed' : 'failed';
  const crash = details.crash ? `<pre class="crash">${escapeHtml(details.crash)}</pre>` : '';
  return `<section class="mode ${status}"><h3>Replay ${MODE_NAMES[details.mode]}: <span class="badge ${status}">${status}</span> <small>${durationMs.toFixed(
    0,
  )} ms</small></h3>${crash}${timeline(result, details)}${finalState(result, details)}</section>`;
}

const anchor = (file: string) => `scenario-${file.replace(/[^A-Za-z0-9]+/g, '-')}`;

function scenarioSection(file: string, results: ScenarioRunResult[]): string {
  const { scenario } = results[0] as ScenarioRunResult;
  const start = scenario.start;
  const startText = [
    `opened at ${start.url}`,
    `local storage: ${Object.keys(start.localStorage).join(', ') || 'empty'}`,
    `identity: ${start.config.identity.kind}`,
    scenario.recordedAt ? `recorded ${scenario.recordedAt}` : '',
    scenario.recordedWith ?? '',
  ].filter(Boolean);
  // A failing mode first: that is what the reader came for.
  const ordered = [...results].sort((a, b) => Number(a.verdict.passed) - Number(b.verdict.passed));
  return `<article id="${anchor(file)}"><h2>${escapeHtml(scenario.title)}</h2><p class="file">${escapeHtml(
    file,
  )}</p><p class="start">${escapeHtml(startText.join(' · '))}</p>${ordered.map(modeSection).join('')}</article>`;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#202124}
h1{font-size:22px}h2{font-size:18px;margin:32px 0 4px}h3{font-size:15px}h4{font-size:14px;margin:12px 0 4px}
.summary td,.summary th,.timeline td,.timeline th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
table{border-collapse:collapse;width:100%}
.badge{padding:1px 8px;border-radius:8px;color:#fff;font-size:12px}
.badge.passed{background:#137333}.badge.failed{background:#b3261e}
.file,.start{color:#5f6368;margin:0}
.num{width:3.5em;font-variant-numeric:tabular-nums;color:#5f6368}.who{width:9em;color:#3c4043}
tr.removed{background:#fce8e6}tr.added{background:#e6f4ea}
tr.first{background:#fff3c4;outline:2px solid #e37400}
tr.kind-user td:nth-child(2),tr.kind-see td:nth-child(2){font-weight:600}
pre{white-space:pre-wrap;word-break:break-word;background:#f8f9fa;padding:6px;margin:4px 0}
ul.problems{background:#fff3c4;border-left:4px solid #e37400;padding:6px 24px;margin:4px 0}
.crash{background:#fce8e6}
section.mode{border-left:4px solid #ddd;padding-left:12px;margin:12px 0}
section.mode.failed{border-left-color:#b3261e}
`;

export function renderReport(
  results: readonly ScenarioRunResult[],
  generatedAt = new Date(),
): string {
  const byFile = new Map<string, ScenarioRunResult[]>();
  for (const result of results) {
    byFile.set(result.file, [...(byFile.get(result.file) ?? []), result]);
  }
  const files = [...byFile.keys()].sort((a, b) => {
    const failedA = (byFile.get(a) ?? []).some((result) => !result.verdict.passed);
    const failedB = (byFile.get(b) ?? []).some((result) => !result.verdict.passed);
    return Number(failedB) - Number(failedA) || a.localeCompare(b);
  });
  const failed = results.filter((result) => !result.verdict.passed).length;
  const summaryRows = files
    .map((file) => {
      const fileResults = byFile.get(file) ?? [];
      const cells = (['screen', 'sagas'] as const)
        .map((mode) => {
          const result = fileResults.find((item) => item.verdict.details.mode === mode);
          if (!result) return '<td>—</td>';
          const status = result.verdict.passed ? 'passed' : 'failed';
          return `<td><span class="badge ${status}">${status}</span></td>`;
        })
        .join('');
      const title = (fileResults[0] as ScenarioRunResult).scenario.title;
      return `<tr><td><a href="#${anchor(file)}">${escapeHtml(title)}</a><br><small>${escapeHtml(
        file,
      )}</small></td>${cells}</tr>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scenario report</title><style>${STYLE}</style></head><body><h1>Scenario replay report</h1><p>${escapeHtml(
    generatedAt.toISOString(),
  )} · ${byFile.size} scenarios · ${results.length} replays · <strong>${failed} failed</strong></p><table class="summary"><thead><tr><th>Scenario</th><th>Through the screen</th><th>Through the sagas</th></tr></thead><tbody>${summaryRows}</tbody></table>${files
    .map((file) => scenarioSection(file, byFile.get(file) ?? []))
    .join('')}</body></html>\n`;
}

/** Writes the report and returns its path. */
export function writeReport(
  results: readonly ScenarioRunResult[],
  file = DEFAULT_REPORT_FILE,
): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, renderReport(results));
  return file;
}
