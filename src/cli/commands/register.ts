/** `peanut register <email>`: creates an account (spec §2 /doc-cli step 1). */
import { passwordPolicyMessage } from '../../sdk/passwordPolicy';
import { declareCommand, examples, PASSWORD_STDIN_OPTION, type Define } from '../command';
import type { CommandContext } from '../context';
import { CliError, UsageError } from '../errors';
import { readPassword } from '../password';

/** Options of `peanut register`. */
export interface RegisterOptions {
  email: string;
  passwordStdin: boolean;
}

/** A plausible email address: something, `@`, something, no spaces. */
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+$/;

/** Declares `peanut register`. */
export const defineRegister: Define = (program, action) => {
  declareCommand(program, 'register')
    .argument('<email>', 'your email address (also your user name)')
    .option(...PASSWORD_STDIN_OPTION)
    .addHelpText(
      'after',
      '\nThe password needs at least 8 characters with a digit, a lower case letter, an upper\n' +
        'case letter and a symbol.\n' +
        examples(
          'peanut register you@example.com',
          'printf \'%s\\n\' "$PASSWORD" | peanut register you@example.com --password-stdin',
        ),
    )
    .action((email: string, opts: { passwordStdin?: boolean }, command) =>
      action(runRegister, { email, passwordStdin: opts.passwordStdin ?? false }, command),
    );
};

/**
 * Checks the password rule locally (the identity provider's message), signs up, and remembers
 * the email and service in the profile.
 * @throws UsageError for a malformed email; CliError for a password breaking the rule;
 *   IdentityError (e.g. UsernameExistsException) from the identity provider.
 */
export async function runRegister(options: RegisterOptions, ctx: CommandContext): Promise<void> {
  if (!EMAIL_PATTERN.test(options.email)) {
    throw new UsageError(`Invalid email address: '${options.email}'`);
  }
  const password = await readPassword(ctx.io, {
    prompt: 'Password: ',
    confirm: true,
    passwordStdin: options.passwordStdin,
  });
  const violation = passwordPolicyMessage(password);
  if (violation) throw new CliError(violation);
  const identity = await ctx.identity();
  const result = await identity.signUp(options.email, password);
  ctx.profile.email = options.email;
  ctx.profile.url = ctx.settings.url;
  ctx.output({ email: options.email, ...result }, () => {
    const destination = result.destination ?? 'your email address';
    ctx.io.stdout(`Registered ${options.email}. A confirmation code was sent to ${destination}.`);
    ctx.io.stdout(`Confirm with: peanut confirm-registration ${options.email} <code>`);
  });
}
