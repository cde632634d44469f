/** Entry point of the `peanut` binary (bin/peanut.js runs its bundle): runs the CLI on this process. */
import { runCli } from './program';

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
