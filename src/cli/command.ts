/**
 * The shape of a command file in `commands/`: `defineX(program, action)` declares the command
 * (arguments, options, help with examples) and turns what commander parsed into typed options;
 * `runX(options, ctx)` does the work. The program's {@link Action} builds the context between.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { CommandContext } from './context';

/** Runs a command with its parsed options. */
export type Runner<O> = (options: O, ctx: CommandContext) => Promise<void>;

/** Runs `run` with `options` in a context built from the global options of `command`. */
export type Action = <O>(run: Runner<O>, options: O, command: Command) => Promise<void>;

/** A command file's declaration function. */
export type Define = (program: Command, action: Action) => void;

/** The `--help` text of a command's examples. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}`;
}

/** Option parser: a finite number. @throws InvalidArgumentError (exit code 2) */
export function parseNumber(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError('Not a number.');
  return n;
}

/** Option parser: a whole number. @throws InvalidArgumentError (exit code 2) */
export function parseInteger(value: string): number {
  if (!/^\s*[-+]?\d+\s*$/.test(value)) throw new InvalidArgumentError('Not a whole number.');
  return Number(value);
}

/** Option parser: a number of seconds above 0. @throws InvalidArgumentError (exit code 2) */
export function parseSeconds(value: string): number {
  const n = parseNumber(value);
  if (n <= 0) throw new InvalidArgumentError('Not a number of seconds above 0.');
  return n;
}

/** `--password-stdin`, shared by register and login. */
export const PASSWORD_STDIN_OPTION = [
  '--password-stdin',
  'read the password from standard input (else a prompt on a terminal, else PEANUT_PASSWORD)',
] as const;
