import type { AnswerSource } from './replayServices';
import type { Scenario, ScenarioStep } from './scenario';
import {
  asJson,
  describeAnswer,
  describeChanges,
  describeStep,
  matchesPart,
  stableJson,
} from './stepText';

// Recorded timeline against replayed timeline: a pass, or a short diff that names the file and step.

export interface ReplayVerdict {
  file: string;
  passed: boolean;
  /** Empty when passed; otherwise the readable diff. */
  report: string;
}

export interface ReplayRun {
  timeline: ScenarioStep[];
  answers: Map<number, AnswerSource>;
  unusedExchanges: number[];
  finalState: unknown;
  /** Set when the replay itself threw. */
  crash?: unknown;
}

type DiffLine =
  | { op: 'same'; recorded: number; replayed: number }
  | { op: 'removed'; recorded: number }
  | { op: 'added'; replayed: number };

const CONTEXT_LINES = 2;
const MAX_TIMELINE_LINES = 16;

/** Inputs (responses, identity results) are what replay feeds in; only the request is compared. */
function comparableKey(step: ScenarioStep): string {
  if (step.kind === 'http' || step.kind === 'identity') {
    return stableJson(asJson({ kind: step.kind, request: step.request }));
  }
  return stableJson(asJson(step));
}

/** Longest-common-subsequence diff; timelines are tens of steps, so the table stays small. */
function diffTimelines(recorded: string[], replayed: string[]): DiffLine[] {
  const rows = recorded.length;
  const cols = replayed.length;
  const lengths: number[][] = Array.from({ length: rows + 1 }, () =>
    new Array<number>(cols + 1).fill(0),
  );
  for (let i = rows - 1; i >= 0; i -= 1) {
    const row = lengths[i] as number[];
    const below = lengths[i + 1] as number[];
    for (let j = cols - 1; j >= 0; j -= 1) {
      row[j] =
        recorded[i] === replayed[j]
          ? (below[j + 1] as number) + 1
          : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && recorded[i] === replayed[j]) {
      lines.push({ op: 'same', recorded: i, replayed: j });
      i += 1;
      j += 1;
    } else if (
      j >= cols ||
      (i < rows && (lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0))
    ) {
      lines.push({ op: 'removed', recorded: i });
      i += 1;
    } else {
      lines.push({ op: 'added', replayed: j });
      j += 1;
    }
  }
  return lines;
}

const stepNumber = (index: number) => index + 1;

function kindName(step: ScenarioStep): string {
  switch (step.kind) {
    case 'http':
    case 'identity':
      return `${step.kind === 'http' ? 'HTTP' : 'identity'} call`;
    case 'intent':
      return 'intent';
    case 'action':
      return 'action';
    case 'storage':
      return 'storage effect';
    case 'navigate':
    case 'assign':
    case 'reload':
      return 'navigation';
    case 'log':
      return 'log entry';
  }
}

interface Explained {
  headline: string;
  details: string[];
}

/** Says in words what the first difference is. */
function explainFirst(
  lines: DiffLine[],
  at: number,
  recorded: ScenarioStep[],
  run: ReplayRun,
  recordedKeys: string[],
): Explained {
  const removed: number[] = [];
  const added: number[] = [];
  for (let index = at; index < lines.length; index += 1) {
    const line = lines[index] as DiffLine;
    if (line.op === 'same') break;
    if (line.op === 'removed') removed.push(line.recorded);
    else added.push(line.replayed);
  }
  const firstRemoved = removed[0];
  const firstAdded = added[0];
  if (firstAdded !== undefined) {
    const step = run.timeline[firstAdded] as ScenarioStep;
    const source = run.answers.get(firstAdded);
    const movedFrom = recordedKeys.findIndex(
      (key, index) =>
        key === comparableKey(step) && !removed.includes(index) && index > (firstRemoved ?? -1),
    );
    const recordedStep = firstRemoved === undefined ? undefined : recorded[firstRemoved];
    if (source?.kind === 'recorded' && !source.inOrder && source.exact) {
      return {
        headline: `step ${stepNumber(firstRemoved ?? source.step)}: the ${kindName(step)}s came in another order — the replay made the call recorded at step ${stepNumber(source.step)} first`,
        details: [
          `recorded: ${recordedStep ? describeStep(recordedStep) : '(nothing)'}`,
          `replayed: ${describeStep(step)}`,
        ],
      };
    }
    if (recordedStep && recordedStep.kind === step.kind) {
      const changes =
        step.kind === 'http' || step.kind === 'identity'
          ? describeChanges((recordedStep as typeof step).request, step.request).map(
              (change) => `request.${change}`,
            )
          : describeChanges(recordedStep, step);
      return {
        headline: `step ${stepNumber(firstRemoved as number)}: the ${kindName(step)} differs`,
        details: [
          `recorded: ${describeStep(recordedStep)}`,
          `replayed: ${describeStep(step)}`,
          ...changes.map((change) => `changed:  ${change}`),
        ],
      };
    }
    if (source?.kind === 'unrecorded') {
      return {
        headline: `after step ${stepNumber(lastRecordedBefore(lines, at))}: the replay made a ${kindName(step)} that is not in the recording`,
        details: [`replayed: ${describeStep(step)}`],
      };
    }
    if (recordedStep) {
      return {
        headline: `step ${stepNumber(firstRemoved as number)}: recorded ${kindName(recordedStep)}, the replay did a ${kindName(step)}`,
        details: [
          `recorded: ${describeStep(recordedStep)}`,
          `replayed: ${describeStep(step)}${movedFrom >= 0 ? ` (recorded later, at step ${stepNumber(movedFrom)})` : ''}`,
        ],
      };
    }
    return {
      headline: `after step ${stepNumber(lastRecordedBefore(lines, at))}: the replay did a ${kindName(step)} that is not in the recording`,
      details: [`replayed: ${describeStep(step)}`],
    };
  }
  const step = recorded[firstRemoved as number] as ScenarioStep;
  const never =
    step.kind === 'http' || step.kind === 'identity' ? 'was never made' : 'did not happen';
  return {
    headline: `step ${stepNumber(firstRemoved as number)}: the recorded ${kindName(step)} ${never} in the replay`,
    details: [`recorded: ${describeStep(step)}`],
  };
}

function lastRecordedBefore(lines: DiffLine[], at: number): number {
  for (let index = at - 1; index >= 0; index -= 1) {
    const line = lines[index] as DiffLine;
    if (line.op !== 'added') return line.recorded;
  }
  return -1;
}

function timelineExcerpt(lines: DiffLine[], recorded: ScenarioStep[], run: ReplayRun): string[] {
  const changed = lines.map((line) => line.op !== 'same');
  const nearChange = (index: number) => {
    for (let near = index - CONTEXT_LINES; near <= index + CONTEXT_LINES; near += 1) {
      if (changed[near]) return true;
    }
    return false;
  };
  const text: string[] = [];
  lines.forEach((line, index) => {
    if (!nearChange(index)) return;
    // A gap between excerpts is marked, so the step numbers do not seem to jump.
    if (text.length > 0 && !nearChange(index - 1)) text.push('   …');
    text.push(describeLine(line));
  });
  function describeLine(line: DiffLine): string {
    if (line.op === 'added') {
      const step = run.timeline[line.replayed] as ScenarioStep;
      const unrecorded = run.answers.get(line.replayed)?.kind === 'unrecorded';
      return `  +      ${describeStep(step)}${unrecorded ? '   ← not in the recording' : ''}`;
    }
    const step = recorded[line.recorded] as ScenarioStep;
    const number = String(stepNumber(line.recorded)).padStart(4);
    const answer = describeAnswer(step);
    const body = `${describeStep(step)}${answer ? ` ${answer}` : ''}`;
    if (line.op === 'same') return `   ${number}  ${body}`;
    const unused = run.unusedExchanges.includes(line.recorded);
    return `  -${number}  ${body}${unused ? '   ← recorded, never made' : ''}`;
  }
  if (text.length <= MAX_TIMELINE_LINES) return text;
  return [
    ...text.slice(0, MAX_TIMELINE_LINES),
    `  … ${text.length - MAX_TIMELINE_LINES} more lines`,
  ];
}

function finalStateProblems(scenario: Scenario, finalState: unknown): string[] {
  const expected = scenario.finalState;
  const actual = asJson(finalState);
  const partOnly = expected.match === 'part';
  const same = partOnly
    ? matchesPart(expected.state, actual)
    : stableJson(expected.state) === stableJson(actual);
  return same ? [] : describeChanges(expected.state, actual, partOnly);
}

export function judgeReplay(scenario: Scenario, file: string, run: ReplayRun): ReplayVerdict {
  const recorded = scenario.steps;
  const recordedKeys = recorded.map(comparableKey);
  const replayedKeys = run.timeline.map(comparableKey);
  const timelineSame =
    recordedKeys.length === replayedKeys.length &&
    recordedKeys.every((key, index) => key === replayedKeys[index]);
  const stateProblems = finalStateProblems(scenario, run.finalState);
  if (timelineSame && stateProblems.length === 0 && run.crash === undefined) {
    return { file, passed: true, report: '' };
  }
  const out = [`Scenario ${file} ("${scenario.title}") does not replay as recorded.`];
  if (run.crash !== undefined) {
    const crash =
      run.crash instanceof Error ? (run.crash.stack ?? run.crash.message) : String(run.crash);
    out.push(`The replay stopped with an error: ${crash}`);
  }
  if (!timelineSame) {
    const lines = diffTimelines(recordedKeys, replayedKeys);
    const at = lines.findIndex((line) => line.op !== 'same');
    const first = explainFirst(lines, at, recorded, run, recordedKeys);
    out.push(`First difference — ${first.headline}:`);
    out.push(...first.details.map((detail) => `  ${detail}`));
    out.push('Timeline (step number = recorded step; - recorded only, + replay only):');
    out.push(...timelineExcerpt(lines, recorded, run));
  }
  if (stateProblems.length > 0) {
    out.push(`Final state (${scenario.finalState.match}) differs:`);
    out.push(...stateProblems.map((problem) => `  ${problem}`));
  }
  return { file, passed: false, report: out.join('\n') };
}
