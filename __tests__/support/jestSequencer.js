/**
 * Jest's test order (jest.config.js `testSequencer`, docs/development.md "How the tests run"):
 * Jest's own, longest suite first, with one difference. Jest knows a suite's duration only from
 * an earlier run on the same machine (its cache), so on a fresh clone, as in CI, it falls back on
 * file sizes and a four-minute suite may start last and run alone at the end. Here a suite that
 * the cache does not know takes its duration from `suiteDurations.json` (seconds, recorded from
 * a whole run; a new suite, in neither, runs first as Jest does). The lanes of jestRunner.js
 * balance on the same durations.
 *
 * Recording, after `npm test -- --json --outputFile=/tmp/jest.json`:
 *   node __tests__/support/jestSequencer.js /tmp/jest.json
 */
const fs = require('node:fs');
const path = require('node:path');
const TestSequencer = require('@jest/test-sequencer').default;

const ROOT = path.resolve(__dirname, '..', '..');
const RECORDED = path.join(__dirname, 'suiteDurations.json');

/** Recorded durations in seconds, by path from the project's root. */
function recorded() {
  try {
    return JSON.parse(fs.readFileSync(RECORDED, 'utf8'));
  } catch {
    return {};
  }
}

class RecordedDurationsSequencer extends TestSequencer {
  durations = recorded();

  /** The suite's duration in ms: the cache's, else the recorded one. */
  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = this.durations[path.relative(ROOT, test.path).split(path.sep).join('/')];
    return seconds == null ? undefined : seconds * 1000;
  }
}

/**
 * The durations of a Jest `--json` report (seconds, at least 1), by path from the root of the
 * checkout that ran it: the part of each suite's absolute path from its `__tests__/` folder on,
 * so a report made in another clone (a fresh one in /tmp, as CI's) records the same keys.
 */
function durationsOf(report) {
  const durations = {};
  for (const result of report.testResults) {
    const parts = result.name.split(path.sep);
    const at = parts.indexOf('__tests__');
    if (at < 0) throw new Error(`${result.name} is not under a __tests__ folder`);
    const key = parts.slice(at).join('/');
    durations[key] = Math.max(1, Math.round((result.endTime - result.startTime) / 1000));
  }
  return Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Writes suiteDurations.json from the `--json` report at `file`. */
function record(file) {
  const sorted = durationsOf(JSON.parse(fs.readFileSync(file, 'utf8')));
  fs.writeFileSync(RECORDED, `${JSON.stringify(sorted, null, 2)}\n`);
  process.stdout.write(`${Object.keys(sorted).length} suites recorded in ${RECORDED}\n`);
}

if (require.main === module) record(process.argv[2] ?? '/tmp/jest.json');

module.exports = RecordedDurationsSequencer;
module.exports.durationsOf = durationsOf;
module.exports.recorded = recorded;
