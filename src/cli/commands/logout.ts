/** `peanut logout`: revokes the session and removes it from the profile. */
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';

/** `peanut logout` takes no options of its own. */
export type LogoutOptions = Record<string, never>;

/** Declares `peanut logout`. */
export const defineLogout: Define = (program, action) => {
  declareCommand(program, 'logout')
    .addHelpText('after', examples('peanut logout', 'peanut --profile work logout'))
    .action((_opts, command) => action(runLogout, {}, command));
};

/**
 * Revokes the refresh token (and with it the session's tokens) at the identity provider and
 * removes the session from the profile; without a session, says so and succeeds.
 * @throws IdentityError when the revocation fails (the local session is removed anyway).
 */
export async function runLogout(_options: LogoutOptions, ctx: CommandContext): Promise<void> {
  if (!ctx.profile.session) {
    ctx.output({ signedOut: false }, () => ctx.io.stdout('Not signed in.'));
    return;
  }
  const identity = await ctx.identity();
  await identity.signOut();
  ctx.output({ signedOut: true, email: ctx.profile.email }, () =>
    ctx.io.stdout(`Signed out${ctx.profile.email ? ` of ${ctx.profile.email}` : ''}.`),
  );
}
