/**
 * The metering plan (spec §4 termination, §9 rates) as a pure function, and the simulated
 * provisioner's behaviour: exact nano-peanut charges, caps and ends, and the
 * settlements into the ledger: when, how much, under which interval key.
 */
import fc from 'fast-check';
import {
  END_REASONS,
  NANO_PER_MS,
  planMetering,
  usageKey,
  type MeterInput,
} from '../../../src/server/vpns/metering';
import {
  createSimulatedProvisioner,
  MAX_RATE_BYTES_PER_S,
  MIN_RATE_BYTES_PER_S,
  simulatedEndpoint,
  simulatedRate,
} from '../../../src/server/provisioners/simulated';

const R = 1_700_000_000_000;
const I = 5_000;

/** A Running VPN that has not been charged yet, with 10 peanuts of balance. */
const base: MeterInput = {
  nowMs: R,
  intervalMs: I,
  runningAtMs: R,
  meteredAtMs: R,
  meteredIntervals: 0,
  deleteAfterS: 3600,
  chargedBytes: 0,
  usageBytes: 0,
  consumedNano: 0,
  settledNano: 0,
  settledIntervals: 0,
  settleEveryIntervals: 720,
  maxPeanutsNano: null,
  balanceNano: 10_000_000_000,
};

describe('planMetering', () => {
  it('charges 1,500 nano-peanuts per ms and 500 per byte', () => {
    expect(NANO_PER_MS).toBe(1500);
    expect(usageKey('1@eu-west-3', 4)).toBe('usage:1@eu-west-3:4');
  });

  it('charges nothing before the first interval ends', () => {
    const plan = planMetering({ ...base, nowMs: R + I - 1, usageBytes: 5000 });
    expect(plan).toEqual({
      meteredAtMs: R,
      meteredIntervals: 0,
      chargedBytes: 0,
      consumedNano: 0,
      settledNano: 0,
      settledIntervals: 0,
    });
  });

  it('charges one whole interval and the bytes counted since', () => {
    const plan = planMetering({ ...base, nowMs: R + I + 1234, usageBytes: 1000 });
    expect(plan).toEqual({
      charge: { amountNano: 5000 * 1500 + 1000 * 500, bytes: 1000, timeMs: 5000 },
      meteredAtMs: R + I,
      meteredIntervals: 1,
      chargedBytes: 1000,
      consumedNano: 8_000_000,
      // Not settled: the ledger gets it at the end or at the settlement period's end.
      settledNano: 0,
      settledIntervals: 0,
    });
  });

  it('catches up several intervals in one charge', () => {
    const plan = planMetering({
      ...base,
      nowMs: R + 17_500,
      meteredAtMs: R + I,
      meteredIntervals: 1,
      chargedBytes: 1000,
      usageBytes: 4000,
      consumedNano: 8_000_000,
    });
    expect(plan.charge).toEqual({
      amountNano: 10_000 * 1500 + 3000 * 500,
      bytes: 3000,
      timeMs: 10_000,
    });
    expect(plan.meteredIntervals).toBe(3);
    expect(plan.meteredAtMs).toBe(R + 15_000);
    expect(plan.consumedNano).toBe(8_000_000 + 16_500_000);
    expect(plan.end).toBeUndefined();
  });

  it('charges the interval in which maxPeanuts is crossed up to maxPeanuts, then ends the VPN', () => {
    const plan = planMetering({
      ...base,
      nowMs: R + I,
      usageBytes: 512_000,
      maxPeanutsNano: 100_000_000,
    });
    // 5 s (7,500,000) + 512,000 bytes (256,000,000) used: charged up to the 100,000,000 limit
    // (it was charged in full before).
    expect(plan.charge?.amountNano).toBe(100_000_000);
    expect(plan.charge?.bytes).toBe(512_000);
    expect(plan.consumedNano).toBe(100_000_000);
    expect(plan.end).toEqual({ atMs: R + I, reason: END_REASONS.maxPeanuts });
  });

  it('charges the final interval up to the balance, and ends the VPN', () => {
    const plan = planMetering({ ...base, nowMs: R + I, usageBytes: 1000, balanceNano: 3_000_000 });
    // The balance reaches 0, not below: the last charge is cut to what is left.
    expect(plan.charge?.amountNano).toBe(3_000_000);
    expect(plan.end).toEqual({ atMs: R + I, reason: END_REASONS.balance });
  });

  it('ends a VPN whose balance is already spent (by other VPNs), charging nothing more', () => {
    const plan = planMetering({
      ...base,
      nowMs: R + 2_000,
      usageBytes: 100,
      balanceNano: 0,
    });
    expect(plan.charge).toEqual({
      amountNano: 0,
      bytes: 100,
      timeMs: 2_000,
    });
    expect(plan.end).toEqual({ atMs: R + 2_000, reason: END_REASONS.balance });
  });

  it('charges up to the deadline, not beyond, and ends the VPN then', () => {
    const plan = planMetering({
      ...base,
      deleteAfterS: 300,
      nowMs: R + 301_000,
      meteredAtMs: R + 295_000,
      meteredIntervals: 59,
    });
    expect(plan.charge).toEqual({ amountNano: 5_000 * 1500, bytes: 0, timeMs: 5_000 });
    expect(plan.meteredAtMs).toBe(R + 300_000);
    expect(plan.end).toEqual({ atMs: R + 300_000, reason: END_REASONS.deleteAfter });
  });

  it('charges the partial interval of a deletion', () => {
    const plan = planMetering({
      ...base,
      nowMs: R + 7_250,
      meteredAtMs: R + I,
      meteredIntervals: 1,
      endNow: END_REASONS.deleted,
    });
    expect(plan.charge).toEqual({ amountNano: 2_250 * 1500, bytes: 0, timeMs: 2_250 });
    expect(plan.meteredIntervals).toBe(2);
    expect(plan.end).toEqual({ atMs: R + 7_250, reason: END_REASONS.deleted });
  });

  it('ignores a byte counter that went backwards', () => {
    const plan = planMetering({ ...base, nowMs: R + I, chargedBytes: 900, usageBytes: 100 });
    expect(plan.charge?.bytes).toBe(0);
    expect(plan.chargedBytes).toBe(900);
  });
});

describe('planMetering: settling', () => {
  /** A VPN charged `m` intervals (7.5e6 nano each, no traffic), settled up to interval `s`. */
  const charged = (m: number, s: number): MeterInput => ({
    ...base,
    deleteAfterS: 86_400,
    nowMs: R + (m + 1) * I,
    meteredAtMs: R + m * I,
    meteredIntervals: m,
    consumedNano: m * 7_500_000,
    settledNano: s * 7_500_000,
    settledIntervals: s,
  });

  it('settles every charge under its first interval when the period is one interval', () => {
    const plan = planMetering({ ...charged(3, 3), settleEveryIntervals: 1 });
    expect(plan.settle).toEqual({ index: 3, amountNano: 7_500_000 });
    expect(plan).toMatchObject({ settledNano: 4 * 7_500_000, settledIntervals: 4 });
  });

  it('settles nothing within a period', () => {
    const plan = planMetering(charged(718, 0));
    expect(plan.charge?.amountNano).toBe(7_500_000);
    expect(plan.settle).toBeUndefined();
    expect(plan).toMatchObject({ settledNano: 0, settledIntervals: 0, meteredIntervals: 719 });
  });

  it('settles all unsettled charges, keyed by the first unsettled interval, at a period end', () => {
    const plan = planMetering(charged(719, 0));
    expect(plan.meteredIntervals).toBe(720);
    expect(plan.settle).toEqual({ index: 0, amountNano: 720 * 7_500_000 });
    expect(plan).toMatchObject({ settledNano: 720 * 7_500_000, settledIntervals: 720 });
    // The next period's settlement starts at interval 720.
    expect(planMetering(charged(1439, 720)).settle).toEqual({
      index: 720,
      amountNano: 720 * 7_500_000,
    });
  });

  it('settles when a catch-up charge jumps over a period end', () => {
    const plan = planMetering({ ...charged(715, 0), nowMs: R + 730 * I });
    expect(plan.meteredIntervals).toBe(730);
    expect(plan.settle).toEqual({ index: 0, amountNano: 730 * 7_500_000 });
  });

  it('settles everything when the VPN ends, whatever the period', () => {
    const plan = planMetering({
      ...charged(10, 0),
      nowMs: R + 10 * I + 1000,
      endNow: 'Deleted on request',
    });
    expect(plan.end?.reason).toBe(END_REASONS.deleted);
    expect(plan.settle).toEqual({ index: 0, amountNano: 10 * 7_500_000 + 1000 * 1500 });
    expect(plan.settledNano).toBe(plan.consumedNano);
  });

  it('ends an already settled VPN without a settlement of nothing', () => {
    // maxPeanuts already reached and nothing new to charge: it ends, nothing is left to settle.
    const plan = planMetering({ ...charged(4, 4), nowMs: R + 4 * I + 10, maxPeanutsNano: 1 });
    expect(plan.end?.reason).toBe(END_REASONS.maxPeanuts);
    expect(plan.settle).toBeUndefined();
  });

  it('over any run of passes: settlements add up to the charges, keys never repeat, the end settles all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 4 * I }), fc.integer({ min: 0, max: 10_000 })),
          {
            minLength: 1,
            maxLength: 60,
          },
        ),
        (every, steps) => {
          let state: MeterInput = { ...base, settleEveryIntervals: every, deleteAfterS: 86_400 };
          let settled = 0;
          const keys = new Set<number>();
          steps.forEach(([advanceMs, bytes], i) => {
            const last = i === steps.length - 1;
            const plan = planMetering({
              ...state,
              nowMs: state.nowMs + advanceMs,
              usageBytes: state.usageBytes + bytes,
              endNow: last ? END_REASONS.deleted : undefined,
            });
            if (plan.settle) {
              expect(keys.has(plan.settle.index)).toBe(false);
              expect(plan.settle.index).toBe(state.settledIntervals);
              keys.add(plan.settle.index);
              settled += plan.settle.amountNano;
            }
            expect(settled).toBe(plan.settledNano);
            expect(plan.settledNano).toBeLessThanOrEqual(plan.consumedNano);
            if (last) expect(plan.settledNano).toBe(plan.consumedNano);
            state = {
              ...state,
              nowMs: state.nowMs + advanceMs,
              usageBytes: state.usageBytes + bytes,
              meteredAtMs: plan.meteredAtMs,
              meteredIntervals: plan.meteredIntervals,
              chargedBytes: plan.chargedBytes,
              consumedNano: plan.consumedNano,
              settledNano: plan.settledNano,
              settledIntervals: plan.settledIntervals,
            };
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('simulated provisioner', () => {
  const target = {
    vpnId: '1700000000000@eu-west-3',
    region: 'eu-west-3',
    serverPrivateKey: 'CLmwfp+tWwUMhWVOuI0+lQ3gR4jsuthfTrB/jcBU/kI=',
    serverPublicKey: 'fahsOx8+KLfCJXhWNgekoXwZ7Ee7yBAqSocwUHwEZz4=',
    clientPublicKey: 'PDv8dGQXjBZ8xhsjJqV88giAObZkF9jgsK5EmuLJmxU=',
    presharedKey: 'vCp14ANZoyYWo4AjL4qONJeJTM11YoKK9zN/RDLshDc=',
  };

  it('gives every VPN a steady rate of 20 to 200 KiB/s, fixed by its id', () => {
    const rates = Array.from({ length: 200 }, (_, i) => simulatedRate(`${R + i}@eu-west-3`));
    for (const rate of rates) {
      expect(rate).toBeGreaterThanOrEqual(MIN_RATE_BYTES_PER_S);
      expect(rate).toBeLessThanOrEqual(MAX_RATE_BYTES_PER_S);
    }
    expect(new Set(rates).size).toBeGreaterThan(150);
    expect(simulatedRate(target.vpnId)).toBe(simulatedRate(target.vpnId));
  });

  it('counts traffic growing with time', async () => {
    let now = R;
    const provisioner = createSimulatedProvisioner({ stepMs: 0, clock: () => now });
    const usage = () =>
      provisioner.usage({ vpnId: target.vpnId, region: 'eu-west-3', runningAtMs: R });
    expect(await usage()).toEqual({ bytes: 0 });
    now += 10_000;
    expect(await usage()).toEqual({ bytes: simulatedRate(target.vpnId) * 10 });
  });

  it('provisions a per-region endpoint with the given server key, one step per stage', async () => {
    const provisioner = createSimulatedProvisioner({ stepMs: 30 });
    const started = Date.now();
    await provisioner.prepare({ vpnId: target.vpnId, region: target.region });
    const result = await provisioner.provision(target);
    expect(Date.now() - started).toBeGreaterThanOrEqual(85);
    expect(result).toEqual({
      endpoint: 'eu-west-3.vpn.peanut.local:51820',
      serverPublicKey: target.serverPublicKey,
      clientAddresses: ['10.64.0.2/32', 'fd64::2/128'],
      dns: ['1.1.1.1', '2606:4700:4700::1111'],
    });
    expect(simulatedEndpoint('us-east-1')).toBe('us-east-1.vpn.peanut.local:51820');
  });

  it('stops at once when aborted', async () => {
    const provisioner = createSimulatedProvisioner({ stepMs: 60_000 });
    const controller = new AbortController();
    const pending = provisioner.provision(target, { signal: controller.signal });
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
