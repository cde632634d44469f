/**
 * The host protocol's decoding of commands (a single one or a batch's, and whether a batch takes
 * its results together), of results (a single one or a batch's) and of the version a heartbeat
 * announces (protocol.ts).
 */
import {
  decodeCommandMessage,
  decodeCommands,
  decodeHeartbeat,
  decodeResults,
  encode,
  MAX_BATCH_COMMANDS,
} from '../../../src/server/hosts/protocol';

const provision = (n: number) => ({
  op: 'provision',
  id: `c${n}`,
  vpnId: `${n}@eu-west-3`,
  region: 'eu-west-3',
  clientPublicKey: 'pub',
  presharedKey: 'psk',
});

describe('host protocol', () => {
  it('decodes a single command as a list of one', () => {
    expect(decodeCommands(encode({ op: 'list-live', id: 'x' }))).toEqual([
      { op: 'list-live', id: 'x' },
    ]);
    expect(decodeCommands(encode({ op: 'provision', id: 'x' }))).toBeUndefined();
    expect(decodeCommands(Buffer.from('not json'))).toBeUndefined();
  });

  it("decodes a batch's provisions and deprovisions, dropping what is malformed", () => {
    const deprovision = { op: 'deprovision', id: 'd', vpnId: '9@eu-west-3', region: 'eu-west-3' };
    const commands = decodeCommands(
      encode({
        op: 'batch',
        id: 'b',
        commands: [
          provision(1),
          { op: 'provision', id: 'bad' },
          'junk',
          deprovision,
          { op: 'list-live', id: 'l' },
        ],
      }),
    );
    expect(commands).toEqual([provision(1), deprovision]);
    expect(decodeCommands(encode({ op: 'batch', id: 'b', commands: 'no' }))).toBeUndefined();
    const many = Array.from({ length: MAX_BATCH_COMMANDS + 5 }, (_, n) => provision(n));
    expect(decodeCommands(encode({ op: 'batch', id: 'b', commands: many }))).toHaveLength(
      MAX_BATCH_COMMANDS,
    );
  });

  it('tells whether a batch takes its results together (protocol version 3)', () => {
    const batch = { op: 'batch', id: 'b', commands: [provision(1), provision(2)] };
    expect(decodeCommandMessage(encode(batch))?.batchResults).toBe(false);
    expect(decodeCommandMessage(encode({ ...batch, batchResults: true }))).toEqual({
      commands: [provision(1), provision(2)],
      batchResults: true,
    });
    // A single command is always answered alone.
    expect(
      decodeCommandMessage(encode({ ...provision(3), batchResults: true }))?.batchResults,
    ).toBe(false);
  });

  it("decodes a single result as a list of one and a result batch's results", () => {
    const ok = (n: number) => ({ id: `c${n}`, op: 'deprovision', vpnId: `${n}@x`, ok: true });
    const decoded = (n: number) => ({ ...ok(n), permanent: false });
    expect(decodeResults(encode(ok(1)))).toMatchObject([decoded(1)]);
    expect(decodeResults(encode({ results: [ok(1), { id: 'bad' }, 'junk', ok(2)] }))).toMatchObject(
      [decoded(1), decoded(2)],
    );
    expect(decodeResults(encode({ results: 'no' }))).toBeUndefined();
    expect(decodeResults(Buffer.from('not json'))).toBeUndefined();
    const many = Array.from({ length: MAX_BATCH_COMMANDS + 5 }, (_, n) => ok(n));
    expect(decodeResults(encode({ results: many }))).toHaveLength(MAX_BATCH_COMMANDS);
  });

  it('reads the protocol version of a heartbeat (absent for the first hosts)', () => {
    const beat = { bootId: 'b', regions: ['eu-west-3'], alive: [] };
    expect(decodeHeartbeat(encode({ ...beat, protocol: 2 }))?.protocol).toBe(2);
    expect(decodeHeartbeat(encode(beat))?.protocol).toBeUndefined();
    expect(decodeHeartbeat(encode({ ...beat, protocol: -1 }))?.protocol).toBeUndefined();
  });
});
