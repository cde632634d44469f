/**
 * The `peanut` command line (spec §2 /doc-cli): parsing only; each command's work lives in
 * `commands/`. Exit codes: 0 success, 1 failure (message on stderr), 2 usage error.
 */
import { Command, CommanderError } from 'commander';
import { ApiError, NetworkError } from '../sdk/http';
import { createContext, type CommandContext, type GlobalOptions } from './context';
import { runListPeanutsPacks } from './commands/listPeanutsPacks';
import { runListRegions } from './commands/listRegions';

/** Output streams, injectable for tests. */
export interface ProgramIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Turns any thrown value into the one line printed on stderr. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const data = error.data as { message?: unknown } | undefined;
    const detail = typeof data?.message === 'string' ? data.message : JSON.stringify(error.data);
    return `${error.status}: ${detail}`;
  }
  if (error instanceof NetworkError) return `${error.message} (${error.request})`;
  return error instanceof Error ? error.message : String(error);
}

/** Builds the commander program; `action` handlers run commands with a fresh context. */
export function buildProgram(io: ProgramIO): Command {
  const program = new Command('peanut')
    .description('Rent short-lived WireGuard VPN servers, paid with peanuts.')
    .option('-p, --profile <name>', 'profile of the user config file', 'default')
    .option('-u, --url <origin>', 'service origin, e.g. http://localhost:8080')
    .option('-c, --config <file>', 'user config file (default: in your config directory)')
    .option('--json', 'print data only, as JSON')
    .configureOutput({
      writeOut: (s) => io.stdout(s.trimEnd()),
      writeErr: (s) => io.stderr(s.trimEnd()),
    })
    .exitOverride()
    .showHelpAfterError();

  const withContext =
    (run: (ctx: CommandContext) => Promise<void>) =>
    async (_options: unknown, command: Command): Promise<void> => {
      const ctx = await createContext(command.optsWithGlobals<GlobalOptions>(), io);
      await run(ctx);
    };

  program
    .command('list-regions')
    .description('list the regions a VPN can be created in')
    .addHelpText('after', '\nExample:\n  peanut list-regions --json')
    .action(withContext(runListRegions));
  program
    .command('list-peanuts-packs')
    .description('list the peanut packs for sale')
    .addHelpText('after', '\nExample:\n  peanut list-peanuts-packs')
    .action(withContext(runListPeanutsPacks));
  return program;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: string[], io: ProgramIO): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    io.stderr(`peanut: ${errorMessage(error)}`);
    return 1;
  }
}
