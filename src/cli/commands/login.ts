/** `peanut login <email>`: signs in and keeps the session in the profile. */
import { declareCommand, examples, PASSWORD_STDIN_OPTION, type Define } from '../command';
import { EMAIL_CODE_NEEDED, interactive, loginChallengeHandler } from '../challenges';
import type { CommandContext } from '../context';
import { UsageError } from '../errors';
import { readPassword } from '../password';
import type { IdentitySession } from '../../sdk/identity';

/** Options of `peanut login`. */
export interface LoginOptions {
  email: string;
  passwordStdin: boolean;
  /** `--mfa-code`: the authenticator app's (or texted) code, when the account asks for one. */
  mfaCode?: string;
  /** `--email-code`: no password; a sign-in code is mailed and asked for on the terminal. */
  emailCode?: boolean;
}

/** Declares `peanut login`. */
export const defineLogin: Define = (program, action) => {
  declareCommand(program, 'login')
    .argument('<email>', 'your account email')
    .option(...PASSWORD_STDIN_OPTION)
    .option(
      '--mfa-code <code>',
      'two-factor code (authenticator app or SMS) when the account asks for one (else a prompt on a terminal)',
    )
    .option(
      '--email-code',
      'sign in without the password: a code is mailed to you and asked for on the terminal',
    )
    .addHelpText(
      'after',
      examples(
        'peanut login you@example.com',
        'peanut login you@example.com --email-code',
        'PEANUT_PASSWORD=... peanut login you@example.com',
        'PEANUT_PASSWORD=... peanut login you@example.com --mfa-code 123456',
        'peanut --profile work --url https://vpn.example.org login you@example.org',
      ),
    )
    .action(
      (
        email: string,
        opts: { passwordStdin?: boolean; mfaCode?: string; emailCode?: boolean },
        command,
      ) =>
        action(
          runLogin,
          {
            email,
            passwordStdin: opts.passwordStdin ?? false,
            mfaCode: opts.mfaCode,
            emailCode: opts.emailCode ?? false,
          },
          command,
        ),
    );
};

/**
 * Signs in (SRP, or with `--email-code` a mailed code instead of the password: CUSTOM_AUTH),
 * answering the account's challenges (two-factor code, new password, the mailed code; see
 * `../challenges.ts`). A session already in the profile is signed out (revoked) first. Saves the
 * session, the email and the service URL in the profile.
 * @throws IdentityError NotAuthorizedException 'Incorrect username or password.' and the like.
 * @throws UsageError `--email-code` off a terminal (the mailed code must be typed in).
 */
export async function runLogin(options: LoginOptions, ctx: CommandContext): Promise<void> {
  if (options.emailCode && (options.passwordStdin || !interactive(ctx.io))) {
    throw new UsageError(
      options.passwordStdin ? '--email-code signs in without a password' : EMAIL_CODE_NEEDED,
    );
  }
  const password = options.emailCode
    ? undefined
    : await readPassword(ctx.io, { prompt: 'Password: ', passwordStdin: options.passwordStdin });
  const identity = await ctx.identity();
  if (ctx.profile.session) await identity.signOut().catch(() => undefined);
  const onChallenge = loginChallengeHandler(ctx.io, { mfaCode: options.mfaCode });
  let session: IdentitySession;
  if (password === undefined) {
    let step = await identity.startEmailCodeSignIn(options.email);
    while (step.kind === 'challenge') step = await onChallenge(step.challenge);
    session = step.session;
  } else {
    session = await identity.signIn(options.email, password, onChallenge);
  }
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
