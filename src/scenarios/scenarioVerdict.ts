import { asJson, stableJson } from '../scenarioFormat/records';
import type { Scenario, ScenarioStep } from '../scenarioFormat/scenario';
import type { AnswerSource } from './replayServices';
import {
  describeAnswer,
  describeChanges,
  describeStep,
  matchesPart,
  unreachableText,
} from './stepText';

// Recorded timeline against replayed timeline: a pass, or a short diff that names the file and step
// (docs/scenarios.md, Reading a failure). The same comparison serves the HTML report.

export type ReplayMode = 'sagas' | 'screen';

/** The person's event that could not be done in the replay (its element was not on the screen). */
export interface UnreachableStep {
  /** Index in the file's steps. */
  index: number;
  reason: string;
}

export interface ReplayRun {
  mode: ReplayMode;
  /** The recorded steps this mode compares, with their index in the file. */
  recorded: { step: ScenarioStep; index: number }[];
  timeline: ScenarioStep[];
  answers: Map<number, AnswerSource>;
  /** File indexes of recorded exchanges nothing asked for. */
  unusedExchanges: number[];
  finalState: unknown;
  /** Set when the replay itself threw. */
  crash?: unknown;
  unreachable?: UnreachableStep;
}

export type DiffLine =
  | { op: 'same'; recorded: number; replayed: number }
  | { op: 'removed'; recorded: number }
  | { op: 'added'; replayed: number };

/** Everything the report shows about one replay, as plain JSON. */
export interface ReplayDetails {
  mode: ReplayMode;
  /** Diff lines; `recorded` is an index in the file's steps, `replayed` one in `timeline`. */
  lines: DiffLine[];
  timeline: ScenarioStep[];
  /** Position in `lines` of the first difference, with its explanation. */
  first?: { line: number; headline: string; details: string[] };
  /** Replayed positions whose call had no recorded answer. */
  unrecorded: number[];
  unusedExchanges: number[];
  finalState: unknown;
  stateProblems: string[];
  crash?: string;
  unreachable?: UnreachableStep;
}

export interface ReplayVerdict {
  file: string;
  passed: boolean;
  /** Empty when passed; otherwise the readable diff. */
  report: string;
  details: ReplayDetails;
}

const CONTEXT_LINES = 2;
const MAX_TIMELINE_LINES = 16;

/** Inputs (responses, identity results) are what replay feeds in; only the request is compared. */
function comparableKey(step: ScenarioStep): string {
  if (step.kind === 'http' || step.kind === 'identity' || step.kind === 'revoke') {
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

function kindName(step: ScenarioStep): string {
  switch (step.kind) {
    case 'http':
      return 'HTTP call';
    case 'identity':
      return 'identity call';
    case 'revoke':
      return 'token revocation';
    case 'user':
      return "person's event";
    case 'see':
      return 'screen check';
    case 'intent':
      return 'intent';
    case 'action':
      return 'action';
    case 'storage':
      return 'storage effect';
    case 'cookies':
      return 'cookie change';
    case 'navigate':
    case 'assign':
    case 'reload':
      return 'navigation';
    case 'route':
      return 'screen location';
    case 'log':
      return 'log entry';
  }
}

interface Explained {
  headline: string;
  details: string[];
}

interface Compared {
  run: ReplayRun;
  /** Step number (1-based, in the file) of a position in `run.recorded`. */
  number(position: number): number;
  recordedStep(position: number): ScenarioStep;
  keys: string[];
}

/** Says in words what the first difference is. */
function explainFirst(lines: DiffLine[], at: number, compared: Compared): Explained {
  const { run } = compared;
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
  const unreachable = run.unreachable;
  if (
    unreachable &&
    firstRemoved !== undefined &&
    compared.number(firstRemoved) === unreachable.index + 1
  ) {
    const step = compared.recordedStep(firstRemoved);
    return {
      headline: `step ${compared.number(firstRemoved)}: the person's event could not be done in the replay`,
      details: [`recorded: ${describeStep(step)}`, `replayed: ${unreachable.reason}`],
    };
  }
  if (firstAdded !== undefined) {
    const step = run.timeline[firstAdded] as ScenarioStep;
    const source = run.answers.get(firstAdded);
    if (source?.kind === 'recorded' && !source.inOrder && source.exact) {
      const calledAt = source.step + 1;
      const recordedStep =
        firstRemoved === undefined ? undefined : compared.recordedStep(firstRemoved);
      return {
        headline: `step ${firstRemoved === undefined ? calledAt : compared.number(firstRemoved)}: the ${kindName(step)}s came in another order — the replay made the call recorded at step ${calledAt} first`,
        details: [
          `recorded: ${recordedStep ? describeStep(recordedStep) : '(nothing)'}`,
          `replayed: ${describeStep(step)}`,
        ],
      };
    }
  }
  const firstUnrecorded = added.find(
    (position) => run.answers.get(position)?.kind === 'unrecorded',
  );
  if (firstUnrecorded !== undefined) {
    // A call the recording cannot answer is where the replay left the recorded path.
    const after = lastRecordedBefore(lines, at);
    const afterText = after < 0 ? 'at the start' : `after step ${compared.number(after)}`;
    const step = run.timeline[firstUnrecorded] as ScenarioStep;
    return {
      headline: `${afterText}: the replay made a ${kindName(step)} that is not in the recording`,
      details: [`replayed: ${describeStep(step)}`],
    };
  }
  if (firstRemoved !== undefined) {
    const recordedStep = compared.recordedStep(firstRemoved);
    // The replay's step of the same kind in this stretch is the recorded one, changed.
    const partner = added.find(
      (position) => (run.timeline[position] as ScenarioStep).kind === recordedStep.kind,
    );
    if (partner !== undefined) {
      const step = run.timeline[partner] as ScenarioStep;
      const changes =
        step.kind === 'http' || step.kind === 'identity' || step.kind === 'revoke'
          ? describeChanges((recordedStep as typeof step).request, step.request).map(
              (change) => `request.${change}`,
            )
          : describeChanges(recordedStep, step);
      return {
        headline: `step ${compared.number(firstRemoved)}: the ${kindName(step)} differs`,
        details: [
          `recorded: ${describeStep(recordedStep)}`,
          `replayed: ${describeStep(step)}`,
          ...changes.map((change) => `changed:  ${change}`),
        ],
      };
    }
    const never =
      recordedStep.kind === 'http' ||
      recordedStep.kind === 'identity' ||
      recordedStep.kind === 'revoke'
        ? 'was never made'
        : 'did not happen';
    const instead =
      firstAdded === undefined
        ? []
        : [`instead:  ${describeStep(run.timeline[firstAdded] as ScenarioStep)}`];
    return {
      headline: `step ${compared.number(firstRemoved)}: the recorded ${kindName(recordedStep)} ${never} in the replay`,
      details: [`recorded: ${describeStep(recordedStep)}`, ...instead],
    };
  }
  const step = run.timeline[firstAdded as number] as ScenarioStep;
  const after = lastRecordedBefore(lines, at);
  const afterText = after < 0 ? 'at the start' : `after step ${compared.number(after)}`;
  const made = run.answers.get(firstAdded as number)?.kind === 'unrecorded' ? 'made' : 'did';
  return {
    headline: `${afterText}: the replay ${made} a ${kindName(step)} that is not in the recording`,
    details: [`replayed: ${describeStep(step)}`],
  };
}

function lastRecordedBefore(lines: DiffLine[], at: number): number {
  for (let index = at - 1; index >= 0; index -= 1) {
    const line = lines[index] as DiffLine;
    if (line.op !== 'added') return line.recorded;
  }
  return -1;
}

function timelineExcerpt(lines: DiffLine[], compared: Compared): string[] {
  const { run } = compared;
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
    const step = compared.recordedStep(line.recorded);
    const fileNumber = compared.number(line.recorded);
    const number = String(fileNumber).padStart(4);
    const answer = describeAnswer(step);
    const body = `${describeStep(step)}${answer ? ` ${answer}` : ''}`;
    if (line.op === 'same') return `   ${number}  ${body}`;
    const unused = run.unusedExchanges.includes(fileNumber - 1);
    const notDone = run.unreachable?.index === fileNumber - 1 ? `   ← ${unreachableText}` : '';
    return `  -${number}  ${body}${unused ? '   ← recorded, never made' : ''}${notDone}`;
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

const crashText = (crash: unknown) =>
  crash instanceof Error ? (crash.stack ?? crash.message) : String(crash);

export function judgeReplay(scenario: Scenario, file: string, run: ReplayRun): ReplayVerdict {
  const compared: Compared = {
    run,
    number: (position) => (run.recorded[position]?.index ?? -1) + 1,
    recordedStep: (position) => (run.recorded[position] as { step: ScenarioStep }).step,
    keys: run.recorded.map(({ step }) => comparableKey(step)),
  };
  const replayedKeys = run.timeline.map(comparableKey);
  const lines = diffTimelines(compared.keys, replayedKeys);
  const at = lines.findIndex((line) => line.op !== 'same');
  const stateProblems = finalStateProblems(scenario, run.finalState);
  const details: ReplayDetails = {
    mode: run.mode,
    lines: lines.map((line) =>
      line.op === 'added' ? line : { ...line, recorded: compared.number(line.recorded) - 1 },
    ),
    timeline: run.timeline,
    unrecorded: [...run.answers].flatMap(([position, source]) =>
      source.kind === 'unrecorded' ? [position] : [],
    ),
    unusedExchanges: run.unusedExchanges,
    finalState: asJson(run.finalState),
    stateProblems,
  };
  if (run.crash !== undefined) details.crash = crashText(run.crash);
  if (run.unreachable) details.unreachable = run.unreachable;
  if (at < 0 && stateProblems.length === 0 && run.crash === undefined) {
    return { file, passed: true, report: '', details };
  }
  const how = run.mode === 'screen' ? 'through the screen' : 'through the sagas';
  const out = [`Scenario ${file} ("${scenario.title}") does not replay ${how} as recorded.`];
  if (run.crash !== undefined) out.push(`The replay stopped with an error: ${details.crash}`);
  if (at >= 0) {
    const first = explainFirst(lines, at, compared);
    details.first = { line: at, ...first };
    out.push(`First difference — ${first.headline}:`);
    out.push(...first.details.map((detail) => `  ${detail}`));
    out.push('Timeline (step number = recorded step; - recorded only, + replay only):');
    out.push(...timelineExcerpt(lines, compared));
  }
  if (stateProblems.length > 0) {
    out.push(`Final state (${scenario.finalState.match}) differs:`);
    out.push(...stateProblems.map((problem) => `  ${problem}`));
  }
  return { file, passed: false, report: out.join('\n'), details };
}
