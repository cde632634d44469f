/** `peanut login <email>`: signs in and keeps the session in the profile. */
import { examples, PASSWORD_STDIN_OPTION, type Define } from '../command';
import { loginChallengeHandler } from '../challenges';
import type { CommandContext } from '../context';
import { readPassword } from '../password';

/** Options of `peanut login`. */
export interface LoginOptions {
  email: string;
  passwordStdin: boolean;
  /** `--mfa-code`: the authenticator app's (or texted) code, when the account asks for one. */
  mfaCode?: string;
}

/** Declares `peanut login`. */
export const defineLogin: Define = (program, action) => {
  program
    .command('login')
    .description('sign in; the session is kept in the profile until logout')
    .argument('<email>', 'your account email')
    .option(...PASSWORD_STDIN_OPTION)
    .option(
      '--mfa-code <code>',
      'two-factor code (authenticator app or SMS) when the account asks for one (else a prompt on a terminal)',
    )
    .addHelpText(
      'after',
      examples(
        'peanut login you@example.com',
        'PEANUT_PASSWORD=... peanut login you@example.com',
        'PEANUT_PASSWORD=... peanut login you@example.com --mfa-code 123456',
        'peanut --profile work --url https://vpn.example.org login you@example.org',
      ),
    )
    .action((email: string, opts: { passwordStdin?: boolean; mfaCode?: string }, command) =>
      action(
        runLogin,
        { email, passwordStdin: opts.passwordStdin ?? false, mfaCode: opts.mfaCode },
        command,
      ),
    );
};

/**
 * Signs in (SRP), answering the account's challenges (two-factor code, new password; see
 * `../challenges.ts`). A session already in the profile is signed out (revoked) first. Saves the
 * session, the email and the service URL in the profile.
 * @throws IdentityError NotAuthorizedException 'Incorrect username or password.' and the like.
 */
export async function runLogin(options: LoginOptions, ctx: CommandContext): Promise<void> {
  const password = await readPassword(ctx.io, {
    prompt: 'Password: ',
    passwordStdin: options.passwordStdin,
  });
  const identity = await ctx.identity();
  if (ctx.profile.session) await identity.signOut().catch(() => undefined);
  const session = await identity.signIn(
    options.email,
    password,
    loginChallengeHandler(ctx.io, { mfaCode: options.mfaCode }),
  );
  const user = await identity.currentUser();
  ctx.profile.email = user.email ?? options.email;
  ctx.profile.url = ctx.settings.url;
  const data = {
    email: ctx.profile.email,
    sub: user.sub,
    profile: ctx.settings.profile,
    url: ctx.settings.url,
    expiresAt: session.expiresAt,
  };
  ctx.output(data, () =>
    ctx.io.stdout(`Signed in as ${data.email} (profile ${data.profile}, ${data.url}).`),
  );
}
