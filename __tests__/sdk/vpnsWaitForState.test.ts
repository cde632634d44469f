/**
 * The SDK's waitForState (spec §4) on a fake clock: polling at once then every interval, the
 * time-out and its message, the state ranks that end a wait early, stateOf, abort at each point,
 * poll errors, and the real clock.
 */
import { realClock, stateOf, waitForState } from '../../src/sdk/waitForState';
import { WaitTimeoutError } from '../../src/core/errors';
import type { VpnState } from '../../src/core/vpn';
import { fakeClock, makeVpn } from './vpnsHelpers';

describe('waitForState (spec §4)', () => {
  /** A poll returning `states` in order (the last one repeats), recording the clock's times. */
  function scripted(clock: { now(): number }, states: VpnState[]) {
    const times: number[] = [];
    const poll = async () => {
      times.push(clock.now());
      return makeVpn(1, states[Math.min(times.length - 1, states.length - 1)]);
    };
    return { poll, times };
  }

  it('polls at once, then every 10 s, until the target state', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Creating', 'Created', 'Provisioning', 'Running']);
    const vpn = await waitForState(poll, 'Running', { clock });
    expect(vpn.state).toBe('Running');
    expect(times).toEqual([0, 10000, 20000, 30000]);
    expect(clock.sleeps).toEqual([10000, 10000, 10000]);
  });

  it("times out with 'Timeout 300 expires!' after 300 s (31 polls, the last at 300 s)", async () => {
    const clock = fakeClock(1_000_000);
    const { poll, times } = scripted(clock, ['Provisioning']);
    const error = await waitForState(poll, 'Running', { clock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect((error as Error).message).toBe('Timeout 300 expires!');
    expect(times).toHaveLength(31);
    expect(times[30] - times[0]).toBe(300_000);
    expect(times.every((t, i) => i === 0 || t - times[i - 1] === 10_000)).toBe(true);
  });

  it('takes a custom interval and time-out, the message naming the seconds', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Creating']);
    await expect(
      waitForState(poll, 'Running', { clock, intervalMs: 10_000, timeoutMs: 25_000 }),
    ).rejects.toThrow(/^Timeout 25 expires!$/);
    expect(times).toEqual([0, 10000, 20000, 25000]);
  });

  it.each<[string, VpnState, VpnState[], VpnState, number]>([
    ['Failed', 'Running', ['Creating', 'Failed', 'Running'], 'Failed', 2],
    ['target Created', 'Created', ['Creating', 'Running'], 'Creating', 1],
    ['Paused below Running', 'Provisioning', ['Creating', 'Paused', 'Provisioning'], 'Paused', 2],
    ['rank above', 'Running', ['Provisioning', 'Deprovisioning', 'Running'], 'Deprovisioning', 2],
    ['rank above (Deleted)', 'Running', ['Provisioning', 'Deleted'], 'Deleted', 2],
    ['reached', 'Running', ['Provisioning', 'Running', 'Deleted'], 'Running', 2],
  ])('ends early (%s) when waiting for %s', async (_rule, target, states, end, polls) => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, states);
    const vpn = await waitForState(poll, target, { clock });
    expect(vpn.state).toBe(end);
    expect(times).toHaveLength(polls);
  });

  it('keeps polling a Paused VPN while waiting for Running', async () => {
    const clock = fakeClock();
    const { poll, times } = scripted(clock, ['Paused', 'Paused', 'Paused', 'Running']);
    await expect(waitForState(poll, 'Running', { clock })).resolves.toMatchObject({
      state: 'Running',
    });
    expect(times).toHaveLength(4);
  });

  it('reads the state of a state, a Vpn, or a VPN with metrics', async () => {
    const vpn = makeVpn(1, 'Paused');
    expect(stateOf('Running')).toBe('Running');
    expect(stateOf(vpn)).toBe('Paused');
    expect(stateOf({ vpn })).toBe('Paused');
    await expect(waitForState(async () => 'Deleted' as const, 'Running')).resolves.toBe('Deleted');
  });

  it('stops when aborted: before starting, after a poll, and during a real sleep', async () => {
    const clock = fakeClock();
    const before = new AbortController();
    before.abort(new Error('gone'));
    const first = scripted(clock, ['Creating']);
    await expect(
      waitForState(first.poll, 'Running', { clock, signal: before.signal }),
    ).rejects.toThrow('gone');
    expect(first.times).toHaveLength(0);

    const during = new AbortController();
    let polls = 0;
    const poll = async () => {
      if (++polls === 3) during.abort(new Error('cancelled'));
      return 'Provisioning' as const;
    };
    await expect(waitForState(poll, 'Running', { clock, signal: during.signal })).rejects.toThrow(
      'cancelled',
    );
    expect(polls).toBe(3);

    const sleeping = new AbortController();
    const started = Date.now();
    setTimeout(() => sleeping.abort(new Error('signed out')), 20);
    await expect(
      waitForState(async () => 'Creating' as const, 'Running', {
        signal: sleeping.signal,
        intervalMs: 60_000,
      }),
    ).rejects.toThrow('signed out');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('passes the signal to the poll and propagates poll errors', async () => {
    const controller = new AbortController();
    const seen: (AbortSignal | undefined)[] = [];
    await expect(
      waitForState(
        async (signal) => {
          seen.push(signal);
          throw new Error('boom');
        },
        'Running',
        { signal: controller.signal, clock: fakeClock() },
      ),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([controller.signal]);
  });

  it('has a real clock', async () => {
    const start = realClock.now();
    await realClock.sleep(5);
    expect(realClock.now() - start).toBeGreaterThanOrEqual(4);
    const controller = new AbortController();
    controller.abort(new Error('no'));
    await expect(realClock.sleep(1000, controller.signal)).rejects.toThrow('no');
  });
});
