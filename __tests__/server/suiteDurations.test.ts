/**
 * The recorded suite durations that order a fresh clone's run (__tests__/support/jestSequencer.js,
 * docs/development.md "How the tests run") name this checkout's suites: a record keyed by paths
 * of another clone (as one made from a run in /tmp was: `../../tmp/t1/__tests__/...`) matches no
 * suite, and the run falls back on file sizes, starting minutes-long suites last.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** A suite as Jest hands it to the sequencer (the fields the sequencer reads and sets). */
interface Test {
  path: string;
  duration?: number;
  context: { config: { cache: boolean }; hasteFS: { getSize(file: string): number } };
}

// The sequencer is the CommonJS module Jest loads (jest.config.js `testSequencer`).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sequencerModule = require('../support/jestSequencer.js') as {
  new (): { sort(tests: Test[]): Test[] };
  durationsOf(report: unknown): Record<string, number>;
  recorded(): Record<string, number>;
};

const root = path.resolve(__dirname, '../..');

/** A suite as Jest hands it to the sequencer, with Jest's own duration cache turned off. */
function suite(relative: string): Test {
  return {
    path: path.join(root, relative),
    context: { config: { cache: false }, hasteFS: { getSize: () => 1 } },
  };
}

describe('recorded suite durations', () => {
  const recorded = sequencerModule.recorded();

  test('every recorded path names a suite of this checkout', () => {
    const keys = Object.keys(recorded);
    expect(keys.length).toBeGreaterThan(100);
    expect(keys.filter((key) => !existsSync(path.join(root, key)))).toEqual([]);
  });

  test('a fresh clone orders its suites by the recorded durations, longest first', () => {
    const ranked = Object.entries(recorded).sort(([, a], [, b]) => b - a);
    const [longest, shortest] = [ranked[0], ranked[ranked.length - 1]];
    const tests = [suite(shortest[0]), suite(longest[0])];
    const sorted = new sequencerModule().sort(tests);
    expect(sorted.map((test) => path.relative(root, test.path))).toEqual([longest[0], shortest[0]]);
    expect(sorted[0].duration).toBe(longest[1] * 1000);
  });

  test('a report made in another clone is recorded by the path from the project root', () => {
    const elsewhere = path.join(path.sep, 'tmp', 'clone', '__tests__', 'server', 'a.test.ts');
    const durations = sequencerModule.durationsOf({
      testResults: [{ name: elsewhere, startTime: 1_000, endTime: 13_600 }],
    });
    expect(durations).toEqual({ '__tests__/server/a.test.ts': 13 });
    expect(() =>
      sequencerModule.durationsOf({
        testResults: [{ name: '/tmp/clone/test/a.test.ts', startTime: 0, endTime: 1 }],
      }),
    ).toThrow('is not under a __tests__ folder');
  });
});
