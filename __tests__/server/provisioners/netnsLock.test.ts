/**
 * The lock of a NETNS_PREFIX (netnsLock.ts), in a folder of the test's: a live other
 * owner of the prefix, or of overlapping ports or addresses in the same network namespace, is
 * refused by PID (a prefix beginning another live owner's only when that owner is of an earlier
 * version, whose rules match interfaces by name); a dead owner's lock is taken over; another network namespace's ranges never
 * clash; within one process the lock is shared until its last holder releases it. No root needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cidrsOverlap, parseCidr } from '../../../src/server/provisioners/netnsEgress';
import { claimOf, lockPrefix, prefixOwner } from '../../../src/server/provisioners/netnsLock';
import {
  loadNetnsSettings,
  type NetnsSettings,
} from '../../../src/server/provisioners/netnsSettings';

const settings = (env: Record<string, string>) =>
  loadNetnsSettings({ WG_PORTS: '50000-50015', WG_ADDRESSES: '10.90.0.0/24', ...env });

describe('the lock of a NETNS_PREFIX', () => {
  let dir: string;
  let other: ChildProcess;
  /** Writes a lock file of `prefix` owned by `pid`, with `changes` to this process's claim. */
  const plant = (prefix: string, pid: number, changes: object = {}) =>
    fs.writeFileSync(
      path.join(dir, `${prefix}.lock`),
      JSON.stringify({ ...claimOf(settings({ NETNS_PREFIX: prefix })), pid, ...changes }),
    );

  beforeAll(() => {
    other = spawn('sleep', ['600'], { stdio: 'ignore' });
  });

  afterAll(() => {
    other.kill('SIGKILL');
  });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'peanut-lock-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('records the owner and its ranges, and releases once its last holder does', () => {
    const release = lockPrefix(settings({ NETNS_PREFIX: 'qa' }), dir);
    const file = path.join(dir, 'qa.lock');
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({
      pid: process.pid,
      prefix: 'qa',
      addresses: '10.90.0.0/24',
      ports: '50000-50015',
      netns: fs.readlinkSync('/proc/self/ns/net'),
    });
    const again = lockPrefix(settings({ NETNS_PREFIX: 'qa' }), dir); // shared in one process
    release();
    release(); // idempotent
    expect(fs.existsSync(file)).toBe(true);
    again();
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses a prefix a live process holds, naming it; takes over a dead one', () => {
    plant('qb', other.pid as number);
    expect(() => lockPrefix(settings({ NETNS_PREFIX: 'qb' }), dir)).toThrow(
      `NETNS_PREFIX 'qb' is in use by process ${other.pid}`,
    );
    expect(prefixOwner('qb', dir)?.pid).toBe(other.pid);
    plant('qb', 2 ** 22 + 7); // above pid_max: no such process
    expect(prefixOwner('qb', dir)).toBeUndefined();
    const release = lockPrefix(settings({ NETNS_PREFIX: 'qb' }), dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'qb.lock'), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it.each([
    ['ports', { WG_PORTS: '50015-50100', WG_ADDRESSES: '10.91.0.0/24' }, 'WG_PORTS 50000-50015'],
    ['addresses', { WG_PORTS: '51000-51015', WG_ADDRESSES: '10.90.0.128/25' }, 'WG_ADDRESSES'],
  ])('refuses overlapping %s of a live owner in the same network namespace', (_, env, what) => {
    plant('qc', other.pid as number);
    expect(() => lockPrefix(settings({ NETNS_PREFIX: 'qd', ...env }), dir)).toThrow(
      new RegExp(`process ${other.pid} runs the VPN servers of prefix 'qc' on ${what}`),
    );
    expect(fs.existsSync(path.join(dir, 'qd.lock'))).toBe(false);
  });

  it("lets a prefix begin or extend a live owner's: each one's rules match its link group", () => {
    const apart = { WG_PORTS: '51000-51015', WG_ADDRESSES: '10.92.0.0/24' };
    plant('qj', other.pid as number);
    lockPrefix(settings({ NETNS_PREFIX: 'qjk', ...apart }), dir)();
    lockPrefix(settings({ NETNS_PREFIX: 'q', ...apart }), dir)();
  });

  it("refuses a prefix that begins or extends the prefix of an earlier version's live owner", () => {
    // An earlier version's lock names no link group: its rules match `qj*` by name.
    const apart = { WG_PORTS: '51000-51015', WG_ADDRESSES: '10.92.0.0/24' };
    plant('qj', other.pid as number, { linkGroup: undefined });
    expect(() => lockPrefix(settings({ NETNS_PREFIX: 'qjk', ...apart }), dir)).toThrow(
      `process ${other.pid} runs the VPN servers of prefix 'qj' on NETNS_PREFIX 'qj'`,
    );
    expect(() => lockPrefix(settings({ NETNS_PREFIX: 'q', ...apart }), dir)).toThrow(
      "NETNS_PREFIX 'qj' (one name begins the other)",
    );
    lockPrefix(settings({ NETNS_PREFIX: 'qk', ...apart }), dir)();
  });

  it('lets ranges overlap across network namespaces, or with a dead owner', () => {
    plant('qe', other.pid as number, { netns: 'net:[1]' });
    plant('qf', 2 ** 22 + 7);
    lockPrefix(settings({ NETNS_PREFIX: 'qg' }), dir)();
  });

  it('compares IPv6 ranges when both owners have them', () => {
    plant('qh', other.pid as number, {
      ports: '1-2',
      addresses: '10.1.0.0/24',
      addresses6: 'fd00:1::/64',
    });
    // WG_ADDRESSES6 (the tunnels' IPv6 range) as the settings will carry it.
    const six: NetnsSettings & { addresses6: string } = {
      ...settings({ NETNS_PREFIX: 'qi' }),
      addresses6: 'fd00:1:0:0:8000::/65',
    };
    expect(() => lockPrefix(six, dir)).toThrow('WG_ADDRESSES6 fd00:1::/64');
    const apart: NetnsSettings & { addresses6: string } = { ...six, addresses6: 'fd00:2::/64' };
    lockPrefix(apart, dir)();
  });

  it('tells overlapping networks', () => {
    const cidr = (text: string) => parseCidr(text, 'X');
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('10.253.9.0/24'))).toBe(true);
    expect(cidrsOverlap(cidr('10.253.9.0/24'), cidr('10.253.10.0/24'))).toBe(false);
    expect(cidrsOverlap(cidr('fc00::/7'), cidr('fd12:3456::/48'))).toBe(true);
    expect(cidrsOverlap(cidr('::ffff:0:0/96'), cidr('::ffff:10.0.0.1'))).toBe(true);
    expect(cidrsOverlap(cidr('10.0.0.0/8'), cidr('::/0'))).toBe(false);
  });
});
