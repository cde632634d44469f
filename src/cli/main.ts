/** Entry point of the `peanut` binary (bin/peanut.js runs its bundle): runs the CLI on this process. */
import { runCli } from './program';

// A reader that stops early (`peanut list | head -1`) closes the pipe: end quietly, as Unix tools
// do, instead of crashing on the unhandled EPIPE of the next write.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text + '\n'),
  stderr: (text) => process.stderr.write(text + '\n'),
  stderrStream: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
