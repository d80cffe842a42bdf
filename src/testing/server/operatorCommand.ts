import { spawnSync } from 'node:child_process';
import path from 'node:path';

// An operator's command (README, Operators) run as a process in a test, with nothing of the test's own
// environment but PATH and what the test names: the one way the command tests start a script.

/** The repository's root, where `npm run` finds package.json and scripts/ live. */
export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Upper bound for one run of a script (tsx compiles on the fly) on a loaded machine. */
export const OPERATOR_COMMAND_TIMEOUT_MS = 60_000;

/** `npm run <script>` as an operator types it, or one file of scripts/ run by node. */
export type OperatorCommand = { npmScript: string } | { scriptFile: string };

export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandPlace {
  /** Environment besides PATH. */
  env?: NodeJS.ProcessEnv;
  /** Where it runs; the repository's root unless named. */
  cwd?: string;
}

/** Runs the command to its end and answers its exit status and output. */
export function runOperatorCommand(
  command: OperatorCommand,
  args: readonly string[] = [],
  { env = {}, cwd = REPOSITORY_ROOT }: CommandPlace = {},
): CommandRun {
  const [file, fileArgs] =
    'npmScript' in command
      ? ['npm', ['run', '--silent', command.npmScript, '--', ...args]]
      : [process.execPath, [path.join(REPOSITORY_ROOT, 'scripts', command.scriptFile), ...args]];
  const ran = spawnSync(file, fileArgs, {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: OPERATOR_COMMAND_TIMEOUT_MS,
  });
  return { status: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}
