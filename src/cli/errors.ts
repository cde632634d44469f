/**
 * The CLI's exit codes and how a failure becomes one line on stderr (few fixed exit
 * codes, the spec's messages, never a stack trace for a user's mistake).
 */
import { isPeanutError } from '../core/errors';
import { ApiError, NetworkError } from '../sdk/http';

/** Exit codes of `peanut`, documented in `peanut --help` and docs/cli.md. */
export const EXIT = Object.freeze({
  /** Success. */
  OK: 0,
  /** Any failure: bad value, unknown VPN, refused by the service, network... */
  ERROR: 1,
  /** Usage: unknown command or option, missing argument, option value of the wrong kind. */
  USAGE: 2,
  /** No valid session: sign in with `peanut login <email>`. */
  NOT_SIGNED_IN: 4,
});

/** The `--help` paragraph listing the exit codes. */
export const EXIT_CODES_HELP = `Exit codes:
  0  success
  1  error (one line on stderr)
  2  usage error (unknown command or option, missing or malformed argument)
  4  not signed in (run: peanut login <email>)`;

/** A mistake in the command line found after parsing (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the CLI explains itself with `message` (exit code 1). */
export class CliError extends Error {
  override name = 'CliError';
}

/** The spec's message when there is no valid session (spec §5, §8). */
export const NOT_SIGNED_IN_MESSAGE = 'User is not authenticated';

/** No valid session, or the service refused the session (exit code 4). */
export class NotSignedInError extends Error {
  override name = 'NotSignedInError';
  constructor(message = NOT_SIGNED_IN_MESSAGE) {
    super(`${message}${message.endsWith('.') ? '' : '.'} Sign in with: peanut login <email>`);
  }
}

/** Identity errors meaning "no usable session" (sdk/identity's codes, by value to stay lazy). */
const NO_SESSION_CODES: ReadonlySet<string> = new Set(['NotAuthenticated']);

/** The message of an API error body `{message}`, else the body as text. */
function apiMessage(error: ApiError): string {
  const data = error.data as { message?: unknown } | undefined;
  if (typeof data?.message === 'string') return data.message;
  return typeof error.data === 'string' ? error.data : JSON.stringify(error.data);
}

/** What a failure prints and exits with. */
export interface Failure {
  /** One line, without the `peanut: ` prefix. */
  message: string;
  exitCode: number;
}

/** Turns any thrown value into the line printed on stderr and the exit code. */
export function describeFailure(error: unknown): Failure {
  if (error instanceof NotSignedInError) {
    return { message: error.message, exitCode: EXIT.NOT_SIGNED_IN };
  }
  if (error instanceof UsageError) return { message: error.message, exitCode: EXIT.USAGE };
  if (error instanceof ApiError) {
    const message = apiMessage(error);
    if (error.status === 401) {
      return { message: new NotSignedInError(message).message, exitCode: EXIT.NOT_SIGNED_IN };
    }
    return { message, exitCode: EXIT.ERROR };
  }
  if (error instanceof NetworkError) {
    return { message: `${error.message} (${error.request})`, exitCode: EXIT.ERROR };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && NO_SESSION_CODES.has(code)) {
    return { message: new NotSignedInError().message, exitCode: EXIT.NOT_SIGNED_IN };
  }
  if (isPeanutError(error) || error instanceof Error) {
    return { message: error.message, exitCode: EXIT.ERROR };
  }
  return { message: String(error), exitCode: EXIT.ERROR };
}
