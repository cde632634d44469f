/** `peanut whoami`: the signed-in account, profile and service. */
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { keyValues } from '../output';

/** `peanut whoami` takes no options of its own. */
export type WhoamiOptions = Record<string, never>;

/** Declares `peanut whoami`. */
export const defineWhoami: Define = (program, action) => {
  declareCommand(program, 'whoami')
    .addHelpText('after', examples('peanut whoami', 'peanut whoami --json'))
    .action((_opts, command) => action(runWhoami, {}, command));
};

/**
 * Prints the user of the profile's session (refreshed when expired).
 * @throws NotSignedInError without a valid session (exit code 4).
 */
export async function runWhoami(_options: WhoamiOptions, ctx: CommandContext): Promise<void> {
  const session = await ctx.requireSession();
  const user = await (await ctx.identity()).currentUser();
  const data = {
    email: user.email,
    username: user.username,
    sub: user.sub,
    profile: ctx.settings.profile,
    url: ctx.settings.url,
    expiresAt: new Date(session.expiresAt * 1000).toISOString(),
  };
  ctx.output(data, () =>
    keyValues([
      ['Email', data.email ?? data.username],
      ['Sub', data.sub],
      ['Profile', data.profile],
      ['Service', data.url],
      ['Session until', data.expiresAt],
    ]).forEach((line) => ctx.io.stdout(line)),
  );
}
