/**
 * `peanut login` answering sign-in challenges on a terminal: the authenticator app's
 * or texted code from `--mfa-code`, else a (visible) prompt on a terminal; the authenticator
 * app when both factors are on; a new password for a temporary one on a terminal; the mailed
 * sign-in code of CUSTOM_AUTH (`--email-code`) from `--mfa-code` or a prompt. Setting an
 * authenticator app up (MFA_SETUP) is left to the web app, which shows the QR code.
 */
import type { ChallengeHandler, IdentityChallenge } from '../sdk/identity';
import { CliError, UsageError } from './errors';
import type { CliIO } from './context';
import { readPassword } from './password';

/** Options of {@link loginChallengeHandler}. */
export interface ChallengeOptions {
  /** `--mfa-code`: the second factor's code, when given on the command line. */
  mfaCode?: string;
}

/** The message when a code is needed and none can be asked for. */
export const MFA_CODE_NEEDED =
  'This account asks for a two-factor code: pass --mfa-code <code> or run on a terminal';
/** The message when the mailed sign-in code is needed and no terminal can ask for it. */
export const EMAIL_CODE_NEEDED =
  'A sign-in code was mailed to you: run peanut login on a terminal to enter it';
/** The message when the pool requires an authenticator app the user has not set up. */
export const MFA_SETUP_NEEDED =
  'This account must set up two-factor authentication first: sign in once in the web app, then log in again';
/** The message when the password is temporary and no terminal can ask for a new one. */
export const NEW_PASSWORD_NEEDED =
  'Your password is temporary: run peanut login on a terminal, or sign in in the web app, to choose a new one';

/** True when both stdin and stderr are terminals (prompts are possible). */
export function interactive(io: CliIO): boolean {
  return Boolean(io.stdin.isTTY && io.stderrStream.isTTY);
}

/** Asks `prompt` on the terminal, the answer shown as typed (a one-time code is no secret). */
async function ask(io: CliIO, prompt: string): Promise<string> {
  const { read } = await import('read');
  return (await read({ prompt, input: io.stdin, output: io.stderrStream })).trim();
}

/**
 * The challenge handler of `peanut login`. `--mfa-code` answers the first code challenge only:
 * a wrong code fails the login (exit 1, Cognito's message) rather than being sent again.
 * @throws UsageError when a code is needed and neither `--mfa-code` nor a terminal gives one.
 */
export function loginChallengeHandler(io: CliIO, options: ChallengeOptions): ChallengeHandler {
  let given = options.mfaCode?.trim() || undefined;
  const code = async (prompt: string) => {
    if (given !== undefined) {
      const value = given;
      given = undefined;
      return value;
    }
    if (!interactive(io)) throw new UsageError(MFA_CODE_NEEDED);
    return ask(io, prompt);
  };
  return async (challenge: IdentityChallenge) => {
    switch (challenge.name) {
      case 'SOFTWARE_TOKEN_MFA':
        return challenge.answer(await code('Authenticator code: '));
      case 'SMS_MFA':
        return challenge.answer(
          await code(`SMS code (sent to ${challenge.destination ?? 'your phone'}): `),
        );
      case 'SELECT_MFA_TYPE':
        return challenge.answer(
          challenge.choices.includes('SOFTWARE_TOKEN_MFA')
            ? 'SOFTWARE_TOKEN_MFA'
            : challenge.choices[0],
        );
      case 'NEW_PASSWORD_REQUIRED': {
        if (!interactive(io)) throw new CliError(NEW_PASSWORD_NEEDED);
        const password = await readPassword(io, { prompt: 'New password: ', confirm: true });
        return challenge.answer(password);
      }
      case 'MFA_SETUP':
        throw new CliError(MFA_SETUP_NEEDED);
      case 'CUSTOM_CHALLENGE':
        // Mailed now, so never known in advance: asked on the terminal (again after a wrong
        // code, as the provider allows 3); `--mfa-code` stays for a second factor after it.
        if (!interactive(io)) throw new UsageError(EMAIL_CODE_NEEDED);
        return challenge.answer(
          await ask(io, `Sign-in code (mailed to ${challenge.destination ?? 'your email'}): `),
        );
    }
  };
}
