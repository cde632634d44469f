/** `peanut confirm-registration <email> <code>`: confirms an account (spec §2 /doc-cli step 2). */
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';

/** Options of `peanut confirm-registration`. */
export interface ConfirmRegistrationOptions {
  email: string;
  /** The code mailed by register. */
  code: string;
}

/** Declares `peanut confirm-registration`. */
export const defineConfirmRegistration: Define = (program, action) => {
  declareCommand(program, 'confirm-registration')
    .argument('<email>', 'the email address you registered')
    .argument('<code>', 'the confirmation code from the email')
    .addHelpText('after', examples('peanut confirm-registration you@example.com 123456'))
    .action((email: string, code: string, _opts, command) =>
      action(runConfirmRegistration, { email, code }, command),
    );
};

/**
 * Confirms the sign-up; the account then receives its sign-up peanuts.
 * @throws IdentityError (CodeMismatchException, ExpiredCodeException...) from the provider.
 */
export async function runConfirmRegistration(
  options: ConfirmRegistrationOptions,
  ctx: CommandContext,
): Promise<void> {
  const identity = await ctx.identity();
  await identity.confirmSignUp(options.email, options.code);
  ctx.profile.email ??= options.email;
  ctx.output({ email: options.email, confirmed: true }, () => {
    ctx.io.stdout(`Account ${options.email} confirmed.`);
    ctx.io.stdout(`Sign in with: peanut login ${options.email}`);
  });
}
