/**
 * `peanut … | head -1`: a reader that closes the pipe early ends the CLI quietly (exit 0, no
 * stack trace), as Unix tools do; before, the next write crashed it with an unhandled EPIPE.
 */
import { spawn } from 'node:child_process';
import { PEANUT_BIN } from './support';

jest.setTimeout(120_000);

it('ends quietly when the reader of its output closes the pipe', async () => {
  const child = spawn(process.execPath, [PEANUT_BIN, 'help', 'create'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Close the read end before the CLI writes, as `head -1` does once it has its line.
  child.stdout.destroy();
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal })),
  );
  expect(stderr).not.toMatch(/EPIPE|Unhandled/);
  expect(exit).toEqual({ code: 0, signal: null });
});
