/**
 * Where a password comes from: a hidden prompt on a terminal, else standard input with
 * `--password-stdin`, else the `PEANUT_PASSWORD` environment variable; never an argument, so it
 * never shows in the process list or the shell history.
 */
import { UsageError } from './errors';
import type { CliIO } from './context';

/** Options of {@link readPassword}. */
export interface PasswordOptions {
  /** `--password-stdin`: read the password from standard input (first line). */
  passwordStdin?: boolean;
  /** Prompt text on a terminal, e.g. `Password: `. */
  prompt: string;
  /** On a terminal, ask twice and require the same answer (for a new password). */
  confirm?: boolean;
}

/** Reads all of standard input and returns its first line. */
async function readFirstLine(stdin: NodeJS.ReadStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

/**
 * The password, from `--password-stdin`, a hidden prompt on a terminal, or `PEANUT_PASSWORD`.
 * @throws UsageError when none is available, or when the two prompted entries differ.
 */
export async function readPassword(io: CliIO, options: PasswordOptions): Promise<string> {
  if (options.passwordStdin) {
    const password = await readFirstLine(io.stdin);
    if (!password) throw new UsageError('No password on standard input');
    return password;
  }
  if (io.stdin.isTTY && io.stderrStream.isTTY) {
    const { read } = await import('read');
    const ask = async (prompt: string) => {
      const answer = await read({
        prompt,
        silent: true,
        replace: '',
        input: io.stdin,
        output: io.stderrStream,
      });
      io.stderrStream.write('\n'); // the muted Enter
      return answer;
    };
    const password = await ask(options.prompt);
    if (options.confirm && (await ask('Repeat password: ')) !== password) {
      throw new UsageError('The passwords do not match');
    }
    return password;
  }
  const fromEnv = io.env.PEANUT_PASSWORD;
  if (fromEnv) return fromEnv;
  throw new UsageError(
    'No password: run on a terminal, pass --password-stdin or set PEANUT_PASSWORD',
  );
}
