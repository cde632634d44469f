/**
 * The shape of a command file in `commands/`: `defineX(program, action)` declares the command
 * (arguments, options, help with examples) and turns what commander parsed into typed options;
 * `runX(options, ctx)` does the work. The program's {@link Action} builds the context between.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { cliCommand, type CliCommandName } from '../core/cliCommands';
import { POLL_INTERVAL_S, WAIT_TIMEOUT_S } from '../core/vpn';
import type { CommandContext } from './context';

/** Runs a command with its parsed options. */
export type Runner<O> = (options: O, ctx: CommandContext) => Promise<void>;

/** Runs `run` with `options` in a context built from the global options of `command`. */
export type Action = <O>(run: Runner<O>, options: O, command: Command) => Promise<void>;

/** A command file's declaration function. */
export type Define = (program: Command, action: Action) => void;

/** Declares the command `name` on `program` with its manifest summary (core's CLI_COMMANDS). */
export function declareCommand(program: Command, name: CliCommandName): Command {
  return program.command(name).description(cliCommand(name).summary);
}

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

/** How a command with `--sync` waits (spec §4). */
export interface WaitOptions {
  /** Wait for the state the command leads to. */
  sync: boolean;
  /** Seconds between polls while waiting (spec §4: 10). */
  intervalS: number;
  /** Seconds before each wait gives up (spec §4: 300). */
  timeoutS: number;
}

/** `--sync`, `--interval` and `--timeout` as commander parses them. */
export interface WaitFlags {
  sync?: boolean;
  interval?: number;
  timeout?: number;
}

/**
 * Declares `-s, --sync` (described by `syncHelp`, e.g. "wait until the VPN is Deleted") with
 * `--interval <seconds>` and `--timeout <seconds>` (defaults: spec §4's 10 s and 300 s).
 */
export function withWaitOptions(command: Command, syncHelp: string): Command {
  return command
    .option('-s, --sync', syncHelp)
    .option(
      '--interval <seconds>',
      'seconds between state checks with --sync',
      parseSeconds,
      POLL_INTERVAL_S,
    )
    .option('--timeout <seconds>', 'seconds before --sync gives up', parseSeconds, WAIT_TIMEOUT_S);
}

/** The {@link WaitOptions} of parsed {@link WaitFlags}. */
export function waitOptionsOf(flags: WaitFlags): WaitOptions {
  return {
    sync: flags.sync ?? false,
    intervalS: flags.interval ?? POLL_INTERVAL_S,
    timeoutS: flags.timeout ?? WAIT_TIMEOUT_S,
  };
}
