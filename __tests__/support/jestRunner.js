/**
 * Jest's test runner in two lanes (jest.config.js `runner`, docs/development.md "How the tests
 * run"):
 * - the exclusive lane: suites that use the machine's shared parts (network namespaces and veth
 *   pairs, wireguard-go, nft tables, the NETNS_PREFIX locks in /run/peanut-vpn, fixed UDP ports),
 *   one at a time in a worker of their own, so that no two of them ever overlap;
 * - the shared lane: every other suite, on the remaining `maxWorkers - 1` workers.
 * Both lanes run at once, so a netns suite waiting on its tunnels overlaps an ordinary suite
 * instead of leaving a core idle. With one worker (`--runInBand`, `--maxWorkers=1`) everything
 * runs in band, one suite after another, as Jest's own runner does.
 *
 * A suite is exclusive when it imports the netns test helpers (support/netnsHelpers,
 * support/hostsNetnsHelpers) or its header says `@exclusive <why>`.
 */
const fs = require('node:fs');
const TestRunner = require('jest-runner').default;

const EXCLUSIVE = [/@exclusive\b/, /support\/(hostsNetns|netns)Helpers['"]/];

/** True when the suite at `file` must not overlap another exclusive suite. */
function isExclusive(file) {
  const source = fs.readFileSync(file, 'utf8');
  return EXCLUSIVE.some((pattern) => pattern.test(source));
}

/** A suite's expected length: its last run's duration (ms), else its size (bytes). */
function weight(test) {
  return test.duration ?? fs.statSync(test.path).size;
}

class LanesRunner {
  supportsEventEmitters = true;
  isSerial = false;

  constructor(globalConfig, context) {
    this.maxWorkers = globalConfig.maxWorkers;
    const sharedWorkers = Math.max(1, globalConfig.maxWorkers - 1);
    this.exclusive = new TestRunner({ ...globalConfig, maxWorkers: 1 }, context);
    this.shared = new TestRunner({ ...globalConfig, maxWorkers: sharedWorkers }, context);
    this.all = new TestRunner(globalConfig, context);
  }

  async runTests(tests, watcher, options) {
    if (options.serial) return this.all.runTests(tests, watcher, options);
    const exclusive = tests.filter((test) => isExclusive(test.path));
    if (exclusive.length === 0) return this.all.runTests(tests, watcher, options);
    // The exclusive worker takes ordinary suites after its own, as many as keep both lanes
    // about as long (by the last run's durations, else by file size), so no core idles at the end.
    const sharedWorkers = Math.max(1, this.maxWorkers - 1);
    let exclusiveLoad = exclusive.reduce((sum, test) => sum + weight(test), 0);
    let sharedLoad = 0;
    const shared = [];
    for (const test of tests) {
      if (exclusive.includes(test)) continue;
      if (exclusiveLoad < sharedLoad / sharedWorkers) {
        exclusive.push(test);
        exclusiveLoad += weight(test);
      } else {
        shared.push(test);
        sharedLoad += weight(test);
      }
    }
    await Promise.all([
      this.exclusive.runTests(exclusive, watcher, options),
      shared.length > 0 && this.shared.runTests(shared, watcher, options),
    ]);
  }

  on(eventName, listener) {
    const unsubscribes = [this.exclusive, this.shared, this.all].map((runner) =>
      runner.on(eventName, listener),
    );
    return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  }
}

module.exports = LanesRunner;
