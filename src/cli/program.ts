/**
 * The `peanut` command line (spec §2 /doc-cli): the global options, the commands (each
 * declared and run by its own file in `commands/`), help with examples, and the exit codes
 * 0 ok, 1 error, 2 usage, 4 not signed in. Parsing is commander's; a command's run function gets
 * typed options and a {@link CommandContext}.
 */
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { defineAdmin } from './commands/admin';
import { defineBalance } from './commands/balance';
import { defineConfirmRegistration } from './commands/confirmRegistration';
import { defineCreate } from './commands/create';
import { defineDelete } from './commands/delete';
import { defineDownloadConfig } from './commands/downloadConfig';
import { defineExtend } from './commands/extend';
import { defineGet } from './commands/get';
import { defineList } from './commands/list';
import { defineListPeanutsPacks } from './commands/listPeanutsPacks';
import { defineListRegions } from './commands/listRegions';
import { defineLogin } from './commands/login';
import { defineLogout } from './commands/logout';
import { defineRegister } from './commands/register';
import { defineWhoami } from './commands/whoami';
import type { Action } from './command';
import { createContext, type CliIO } from './context';
import { describeFailure, EXIT, EXIT_CODES_HELP } from './errors';
import type { GlobalFlags } from './profile';

const ROOT_HELP = `
Examples:
  peanut register you@example.com
  peanut confirm-registration you@example.com 123456
  peanut login you@example.com
  peanut create --region eu-west-3 --sync
  peanut list
  peanut download-config 1718031234567@eu-west-3
  peanut delete 1718031234567@eu-west-3 --sync

Environment:
  PEANUT_URL         service origin (below --url, above the profile's url)
  PEANUT_PROFILE     profile name (below --profile)
  PEANUT_CONFIG_DIR  folder of config.json (below --config)
  PEANUT_PASSWORD    password when not on a terminal and without --password-stdin

${EXIT_CODES_HELP}`;

/** Builds the program; each command's action runs it with a fresh context writing to `io`. */
export function buildProgram(io: CliIO): Command {
  const program = new Command('peanut')
    .description('Rent short-lived WireGuard VPN servers, paid with peanuts.')
    .version(version, '-V, --version', 'print the version of peanut')
    .option('-p, --profile <name>', 'profile of the user config file (default: "default")')
    .option('-u, --url <origin>', 'service origin (default: "http://localhost:8080")')
    .option('-c, --config <file>', 'user config file (default: <config dir>/peanut/config.json)')
    .option('--json', 'print data only, as JSON, on stdout')
    .configureOutput({
      writeOut: (text) => io.stdout(text.trimEnd()),
      writeErr: (text) => io.stderr(text.trimEnd()),
      outputError: (text, write) => write(text.replace(/^error: /, 'peanut: ')),
    })
    .configureHelp({ showGlobalOptions: true })
    .addHelpText('after', ROOT_HELP)
    .exitOverride();

  const action: Action = async (run, options, command) => {
    const ctx = await createContext(command.optsWithGlobals<GlobalFlags>(), io);
    try {
      await run(options, ctx);
    } finally {
      await ctx.finish();
    }
  };

  for (const define of [
    defineRegister,
    defineConfirmRegistration,
    defineLogin,
    defineLogout,
    defineWhoami,
    defineBalance,
    defineListPeanutsPacks,
    defineListRegions,
    defineCreate,
    defineList,
    defineGet,
    defineExtend,
    defineDelete,
    defineDownloadConfig,
    defineAdmin,
  ]) {
    define(program, action);
  }
  return program;
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.OK;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    const failure = describeFailure(error);
    io.stderr(`peanut: ${failure.message}`);
    return failure.exitCode;
  }
}
