/** Entry point of the `peanut` binary. */
import { runCli } from './program';

void runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text + '\n'),
  stderr: (text) => process.stderr.write(text + '\n'),
}).then((code) => {
  process.exitCode = code;
});
