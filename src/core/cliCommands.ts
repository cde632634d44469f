/**
 * The `peanut` command manifest (data only): each command's name and one-line summary, from
 * which both `peanut --help` (each command file declares itself with {@link cliCommand}) and the
 * /doc-cli page's command list (spec §2 "CLI documentation") are made. It lives in core because
 * the SPA may not import the CLI.
 */

/** A `peanut` command as the help and /doc-cli describe it. */
export interface CliCommandSpec {
  /** The command word, e.g. `list-regions`. */
  readonly name: string;
  /** The one-line summary (`peanut --help` and /doc-cli). */
  readonly summary: string;
  /** An operator's command: listed by `peanut --help`, kept off the public /doc-cli page. */
  readonly operatorOnly?: boolean;
}

/**
 * Every command: the eight of spec §2 /doc-cli in its order, then the account and detail
 * commands. (`peanut --help` lists them in the order the CLI declares them.)
 */
export const CLI_COMMANDS = [
  {
    name: 'register',
    summary: 'create an account; a confirmation code is sent to the email address',
  },
  {
    name: 'confirm-registration',
    summary: 'confirm your account with the code sent to you by email',
  },
  {
    name: 'list-peanuts-packs',
    summary: 'list the peanut packs for sale and their purchase links',
  },
  {
    name: 'list-regions',
    summary: 'list the regions a VPN can be created in, by country then city',
  },
  { name: 'create', summary: 'create a VPN in a region' },
  { name: 'list', summary: 'list your VPNs, newest first, with their state and usage' },
  { name: 'delete', summary: 'delete a VPN; a deleted VPN cannot come back' },
  {
    name: 'download-config',
    summary: 'download the WireGuard config of a running VPN and its QR code as a tar.gz archive',
  },
  { name: 'login', summary: 'sign in; the session is kept in the profile until logout' },
  { name: 'logout', summary: 'sign out: revoke the session and remove it from the profile' },
  { name: 'whoami', summary: 'show the signed-in account, the profile and the service' },
  { name: 'balance', summary: 'show your balance in peanuts' },
  { name: 'get', summary: 'show one VPN with its state and usage' },
  { name: 'extend', summary: 'give a VPN more peanuts or more time while it has not ended' },
  {
    name: 'admin',
    summary:
      'operators only: find accounts, adjust peanuts, disable accounts, list and drain hosts',
    operatorOnly: true,
  },
] as const satisfies readonly CliCommandSpec[];

/** The name of a command of the manifest. */
export type CliCommandName = (typeof CLI_COMMANDS)[number]['name'];

/** The manifest's entry of `name`. */
export function cliCommand(name: CliCommandName): CliCommandSpec {
  const spec = (CLI_COMMANDS as readonly CliCommandSpec[]).find((c) => c.name === name);
  if (!spec) throw new Error(`Unknown peanut command: ${name}`);
  return spec;
}

/** The commands the public /doc-cli page lists: every one but the operators'. */
export const PUBLIC_CLI_COMMANDS: readonly CliCommandSpec[] = (
  CLI_COMMANDS as readonly CliCommandSpec[]
).filter((command) => !command.operatorOnly);
