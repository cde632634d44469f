/**
 * The lifecycle's writes in bulk under a burst of creates: group commit per key
 * (groupCommit.ts), the state changes of one turn written by one statement (transitionBatch.ts:
 * each still a compare-and-set, each caller getting its own VPN's row) and the rows read by one,
 * and creates of one owner written together (createBatch.ts) with every rule still applied to
 * each, on both databases.
 */
import type { VpnRow } from '../../../src/server/db/schema';
import { GroupCommit } from '../../../src/server/vpns/groupCommit';
import { rowReader, transitionBatcher } from '../../../src/server/vpns/transitionBatch';
import { DATABASE_KINDS } from '../../support/helpers';
import {
  api,
  createBody,
  createVpn,
  rowOf,
  setUpVpnApi,
  waitForVpnState,
} from '../../support/vpnHelpers';

describe('GroupCommit', () => {
  it('runs the items of one key that arrive together in one batch, the next ones after it', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const commit = new GroupCommit<string, number, number>(async (_key, items) => {
      batches.push([...items]);
      if (batches.length === 1) await gate;
      return items.map((item) =>
        item < 0 ? { ok: false, error: new Error(`bad ${item}`) } : { ok: true, value: item * 2 },
      );
    });
    const first = [1, 2, -3].map((item) => commit.submit('a', item));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [4, 5].map((item) => commit.submit('a', item));
    release();
    const settled = await Promise.allSettled([...first, ...later]);
    expect(batches).toEqual([
      [1, 2, -3],
      [4, 5],
    ]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      2,
      4,
      'Error: bad -3',
      8,
      10,
    ]);
  });

  it('gives every item of a batch the error of a batch that throws, and goes on', async () => {
    let calls = 0;
    const commit = new GroupCommit<string, number, number>(async (_key, items) => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return items.map((item) => ({ ok: true, value: item }));
    });
    const failed = await Promise.allSettled([commit.submit('k', 1), commit.submit('k', 2)]);
    expect(failed.map((s) => s.status)).toEqual(['rejected', 'rejected']);
    expect(await commit.submit('k', 3)).toBe(3);
  });
});

describe.each(DATABASE_KINDS)('lifecycle writes in bulk (%s)', (kind) => {
  const suite = setUpVpnApi(kind);

  it('writes the state changes of one turn in one statement, each a compare-and-set', async () => {
    const { app, alice } = suite;
    const ids: string[] = [];
    for (const region of ['eu-west-1', 'eu-west-2', 'eu-west-3']) {
      ids.push(await createVpn(app, alice, createBody(region)));
    }
    for (const vpnId of ids) await waitForVpnState(app, alice, vpnId, 'Running');
    const change = transitionBatcher(app.db);
    const at = Date.UTC(2026, 5, 1);
    const [paused, again, other, missing] = await Promise.all([
      change(ids[0], ['Running'], 'Paused', at, { reason: 'test' }),
      // The same VPN twice in a turn: the second finds it Paused already.
      change(ids[0], ['Running'], 'Paused', at, { reason: 'test' }),
      change(ids[1], ['Running'], 'Paused', at + 1, { reason: 'other' }),
      change('1@nowhere-1', ['Running'], 'Paused', at),
    ]);
    expect(paused?.state).toBe('Paused');
    expect(paused?.reason).toBe('test');
    expect(paused?.updatedAt.getTime()).toBe(at);
    expect(again).toBeUndefined();
    expect(other?.reason).toBe('other');
    expect(other?.updatedAt.getTime()).toBe(at + 1);
    expect(missing).toBeUndefined();
    // Not in the `from` states: unchanged.
    expect(await change(ids[2], ['Provisioning'], 'Running', at)).toBeUndefined();
    expect((await rowOf(app, ids[2])).state).toBe('Running');
    // A change to Failed wipes the secrets; its version is bumped once.
    const before = await rowOf(app, ids[2]);
    const failed = await change(ids[2], ['Running'], 'Failed', at, { reason: 'gone' });
    expect(failed?.clientPrivateKey).toBeNull();
    expect(failed?.version).toBe(before.version + 1);

    const read = rowReader(app.db);
    const rows = await Promise.all([read(ids[0]), read(ids[1]), read(ids[0]), read('1@x-y-1')]);
    expect(rows.map((row: VpnRow | undefined) => row?.vpnId)).toEqual([
      ids[0],
      ids[1],
      ids[0],
      undefined,
    ]);
  });

  it('applies every rule to each create of a batch: a bad one is refused alone', async () => {
    const { app, bob } = suite;
    const answers = await Promise.all([
      api(app, bob, 'POST', '/v1/vpns/', createBody('us-east-1')),
      api(app, bob, 'POST', '/v1/vpns/', createBody('xx-nowhere-9')),
      api(app, bob, 'POST', '/v1/vpns/', createBody('us-east-1')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 400, 202]);
    const ids = [answers[0], answers[2]].map(
      (answer) => (answer.body as { vpn: { id: string } }).vpn.id,
    );
    expect(new Set(ids).size).toBe(2);
    for (const vpnId of ids) await waitForVpnState(app, bob, vpnId, 'Running');
  });
});
