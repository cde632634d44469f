/**
 * Deadline passes (deadlineTimer.ts): the timer runs a pass at each deadline it was
 * given, one pass covering every deadline come by its start, passes at least `minGapMs` apart
 * and never two at once; a new `arm` replaces the deadlines; nothing runs after `stop`. Jest's
 * fake timers drive the clock (Date.now and setTimeout), so nothing here depends on load.
 */
import { DeadlineTimer } from '../../../src/server/vpns/deadlineTimer';

describe('deadline timer', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** A timer whose passes record when they start; each pass takes `passMs`. */
  function timer(minGapMs: number, passMs = 0) {
    const starts: number[] = [];
    let running = 0;
    let overlapped = false;
    const deadlines = new DeadlineTimer({
      clock: Date.now,
      minGapMs,
      run: async () => {
        starts.push(Date.now());
        running++;
        overlapped ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, passMs));
        running--;
      },
    });
    return { deadlines, starts, overlapped: () => overlapped };
  }

  it('runs at each deadline, a pass covering every deadline come by its start, passes apart', async () => {
    const t0 = Date.now();
    const { deadlines, starts } = timer(100);
    deadlines.arm([t0 + 400, t0 + 60, t0 + 50, t0 + 50]);
    await jest.advanceTimersByTimeAsync(49);
    expect(starts).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 50]); // both deadlines at t0 + 50
    await jest.advanceTimersByTimeAsync(99);
    expect(starts).toEqual([t0 + 50]); // t0 + 60 waits for the gap
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 50, t0 + 150]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(starts).toEqual([t0 + 50, t0 + 150, t0 + 400]);
    deadlines.stop();
  });

  it('never runs two passes at once, and a deadline past at arming runs at once', async () => {
    const t0 = Date.now();
    const { deadlines, starts, overlapped } = timer(10, 500);
    deadlines.arm([t0 - 5, t0 + 20, t0 + 30]);
    await jest.advanceTimersByTimeAsync(0);
    expect(starts).toEqual([t0]);
    await jest.advanceTimersByTimeAsync(499);
    expect(starts).toEqual([t0]); // the first pass still runs
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0]);
    // The next pass is due at once (a timer's least delay, 1 ms): both later deadlines came
    // during the first pass, and one pass covers them.
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0, t0 + 501]);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(starts).toEqual([t0, t0 + 501]);
    expect(overlapped()).toBe(false);
    deadlines.stop();
  });

  it('replaces its deadlines on arm and runs nothing after stop', async () => {
    const t0 = Date.now();
    const { deadlines, starts } = timer(100);
    deadlines.arm([t0 + 50]);
    deadlines.arm([t0 + 80]);
    await jest.advanceTimersByTimeAsync(79);
    expect(starts).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([t0 + 80]);
    deadlines.arm([t0 + 300]);
    deadlines.stop();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([t0 + 80]);
    deadlines.arm([t0 + 1_500]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(starts).toEqual([t0 + 80]);
  });
});
