/**
 * The host's state file (hostAgent/hostState.ts): the saves asked for in one turn of the event
 * loop are one write of everything asked, done before any of them resolves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HostState, type HostVpn } from '../../../src/server/hostAgent/hostState';

const vpn = (region: string): HostVpn => ({
  region,
  serverPrivateKey: 'a',
  serverPublicKey: 'b',
  clientPublicKey: 'c',
  presharedKey: 'd',
  startedAtMs: 1,
});

describe('host state', () => {
  it('writes the saves of one turn once, with every change, before they resolve', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'host-state-'));
    try {
      const state = new HostState(dir);
      const writes = jest.spyOn(fs, 'writeFileSync');
      try {
        const saves: Promise<void>[] = [];
        for (const id of ['1@eu-west-3', '2@eu-west-3', '3@eu-west-3']) {
          state.vpns.set(id, vpn('eu-west-3'));
          saves.push(state.saveSoon());
        }
        expect(writes).not.toHaveBeenCalled();
        await Promise.all(saves);
        expect(writes).toHaveBeenCalledTimes(1);
      } finally {
        writes.mockRestore();
      }
      expect([...new HostState(dir).vpns.keys()]).toEqual([
        '1@eu-west-3',
        '2@eu-west-3',
        '3@eu-west-3',
      ]);
      // A later turn writes again.
      state.vpns.delete('2@eu-west-3');
      await state.saveSoon();
      expect([...new HostState(dir).vpns.keys()]).toEqual(['1@eu-west-3', '3@eu-west-3']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
