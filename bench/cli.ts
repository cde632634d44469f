/**
 * `npm run bench` (after the API bench): how fast `peanut --help` starts, against `node -e 0`
 * (the goal: within 1.5x), and against running the CLI's sources through tsx (what the
 * esbuild bundle of bin/peanut.js saves). Runs each command BENCH_CLI_RUNS times (default 30),
 * interleaved so that load on the machine hits all alike, after one warm-up run each (which
 * builds the bundle when it is stale), and prints the median and mean wall times.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { setting, median } from './common';

const ROOT = path.resolve(__dirname, '..');
/** Goal: `peanut --help` within this factor of `node -e 0`. */
const GOAL_RATIO = 1.5;

/** The commands measured: label and node arguments. */
const CASES: readonly { label: string; args: string[] }[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'peanut --help', args: [path.join(ROOT, 'bin/peanut.js'), '--help'] },
  {
    label: 'peanut --help from sources (tsx)',
    args: ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), '--help'],
  },
];

/** Wall time of one run in milliseconds. */
function time(args: string[]): number {
  const start = process.hrtime.bigint();
  execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function main(): void {
  const runs = setting('BENCH_CLI_RUNS', 30, 1000);
  for (const { args } of CASES) time(args); // warm-up: builds the bundle, fills the OS cache
  const samples = CASES.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) CASES.forEach(({ args }, c) => samples[c].push(time(args)));

  const medians = samples.map(median);
  process.stdout.write(
    `\npeanut start-up, ${runs} runs each, interleaved, Node ${process.version}, ${os.cpus().length} CPUs\n\n`,
  );
  process.stdout.write('| command | median ms | mean ms | vs node -e 0 |\n');
  process.stdout.write('| --- | ---: | ---: | ---: |\n');
  CASES.forEach(({ label }, c) => {
    const mean = samples[c].reduce((a, b) => a + b, 0) / runs;
    const ratio = medians[c] / medians[0];
    process.stdout.write(
      `| ${label} | ${medians[c].toFixed(1)} | ${mean.toFixed(1)} | ${ratio.toFixed(2)}x |\n`,
    );
  });
  const ratio = medians[1] / medians[0];
  process.stdout.write(
    `\npeanut --help: ${ratio.toFixed(2)}x node -e 0 (goal: within ${GOAL_RATIO}x) - ${
      ratio <= GOAL_RATIO ? 'met' : 'missed'
    }\n`,
  );
}

main();
