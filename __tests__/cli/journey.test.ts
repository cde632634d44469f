/**
 * The /doc-cli journey, every step a `peanut` child process against a real server: register,
 * confirm with the mailed code, login, list-regions, list-peanuts-packs, create --sync, list,
 * get, download-config (archive opened), delete --sync, balance, logout (session revoked).
 */
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { confName } from '../../src/core/vpnConfFile';
import type { VpnWithMetricsJson } from '../../src/core/vpn';
import { expectOk, GOOD_PASSWORD, startCliWorld, uniqueEmail, type CliWorld } from './support';

jest.setTimeout(120_000);

describe('peanut, step by step as /doc-cli tells', () => {
  let world: CliWorld;
  const email = uniqueEmail('journey');
  let vpnId: string;
  beforeAll(async () => {
    world = await startCliWorld();
  });
  afterAll(() => world.close());

  const json = async <T>(args: string[]): Promise<T> => {
    const result = await expectOk(world.run([...args, '--json']));
    return JSON.parse(result.stdout) as T;
  };

  it('register checks the password rule locally, then registers', async () => {
    const weak = await world.run(['register', email, '--password-stdin'], { input: 'peanut1\n' });
    expect(weak).toMatchObject({ code: 1, stdout: '' });
    expect(weak.stderr).toBe(
      'peanut: Password did not conform with policy: Password not long enough\n',
    );
    const noSymbol = await world.run(['register', email], {
      env: { PEANUT_PASSWORD: 'Peanutpassw0rd' },
    });
    expect(noSymbol.stderr).toBe(
      'peanut: Password did not conform with policy: Password must have symbol characters\n',
    );
    // Nothing was sent to the identity provider: no code was mailed.
    await expect(world.mailedCode(email)).rejects.toThrow('No mail');

    const ok = await expectOk(
      world.run(['register', email, '--password-stdin'], { input: `${GOOD_PASSWORD}\n` }),
    );
    expect(ok.stdout).toContain(`Registered ${email}. A confirmation code was sent to j***@e***.`);
    expect(ok.stdout).toContain(`peanut confirm-registration ${email} <code>`);
  });

  it('confirm-registration takes the mailed code', async () => {
    const wrong = await world.run(['confirm-registration', email, '000000']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^peanut: .+\n$/);
    const result = await json<{ email: string; confirmed: boolean }>([
      'confirm-registration',
      email,
      await world.mailedCode(email),
    ]);
    expect(result).toEqual({ email, confirmed: true });
  });

  it('login keeps the session in the profile, in a 0600 file of a 0700 folder', async () => {
    const result = await expectOk(
      world.run(['login', email, '--password-stdin'], { input: `${GOOD_PASSWORD}\n` }),
    );
    expect(result.stdout).toBe(
      `Signed in as ${email} (profile default, ${world.server.origin}).\n`,
    );
    expect(statSync(world.configFile).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(world.configFile)).mode & 0o777).toBe(0o700);
    const config = JSON.parse(readFileSync(world.configFile, 'utf8'));
    expect(config.profiles.default).toMatchObject({ email, url: world.server.origin });
    const keys = Object.keys(config.profiles.default.session);
    expect(keys.some((key) => key.endsWith('.refreshToken'))).toBe(true);
    expect(keys.some((key) => key.endsWith('.idToken'))).toBe(true);

    const me = await json<{ email: string; sub: string; profile: string }>(['whoami']);
    expect(me).toMatchObject({ email, profile: 'default', url: world.server.origin });
    expect(me.sub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an expired session is refreshed with the refresh token, and the new tokens saved', async () => {
    const config = JSON.parse(readFileSync(world.configFile, 'utf8'));
    const session: Record<string, string> = config.profiles.default.session;
    const key = (suffix: string) => Object.keys(session).find((k) => k.endsWith(suffix)) ?? '';
    const oldIdToken = session[key('.idToken')];
    // A clock two hours ahead of the tokens (the library's clock drift): both look expired.
    session[key('.clockDrift')] = '-7200';
    writeFileSync(world.configFile, JSON.stringify(config), { mode: 0o600 });

    expect(await json(['balance'])).toEqual({ balance: 10 });
    const saved = JSON.parse(readFileSync(world.configFile, 'utf8')).profiles.default.session;
    expect(saved[key('.idToken')]).not.toBe(oldIdToken);
    expect(saved[key('.clockDrift')]).not.toBe('-7200');
    expect(saved[key('.refreshToken')]).toBe(session[key('.refreshToken')]);
  });

  it('list-regions and list-peanuts-packs', async () => {
    const regions = await json<{ name: string; city: string }[]>(['list-regions']);
    expect(regions).toHaveLength(27);
    expect(regions[0]).toMatchObject({ name: 'ap-southeast-2', city: 'Sydney' });
    const table = await expectOk(world.run(['list-regions']));
    expect(table.stdout.split('\n')[0]).toMatch(/^REGION\s+CITY\s+COUNTRY$/);
    expect(table.stdout).toMatch(/\neu-west-3\s+Paris\s+France\n/);

    const packs = await json<{ name: string; peanuts: number; url: string }[]>([
      'list-peanuts-packs',
    ]);
    expect(packs.map((p) => [p.name, p.peanuts])).toEqual([
      ['Starter', 17],
      ['Pro', 34],
      ['Elite', 73],
    ]);
    expect(packs[0].url).toBe(`${world.server.origin}/checkout/starter`);
  });

  it('balance shows the sign-up peanuts', async () => {
    expect(await json(['balance'])).toEqual({ balance: 10 });
    expect((await expectOk(world.run(['balance']))).stdout).toBe('Balance: 10.00 peanuts\n');
  });

  it('create --sync waits until the VPN is Running', async () => {
    const item = await json<VpnWithMetricsJson>([
      'create',
      '--region',
      'eu-west-3',
      '--max-peanuts',
      '2',
      '--delete-after',
      '3600',
      '--sync',
      '--interval',
      '0.05',
    ]);
    expect(item.vpn).toMatchObject({
      region: 'eu-west-3',
      state: 'Running',
      config: { type: 'wireguard', maxPeanuts: 2, deleteAfter: 3600 },
    });
    vpnId = item.vpn.vpnId;
    expect(vpnId).toMatch(/^\d+@eu-west-3$/);
  });

  it('list and get show the VPN with its forecast, which --json keeps', async () => {
    // Its cap of 2 peanuts comes before the balance (10) and the deadline (1 hour); when, the
    // simulated traffic decides.
    const forecast = { endsAt: expect.stringMatching(/Z$/), reason: 'max-peanuts' };
    const items = await json<VpnWithMetricsJson[]>(['list']);
    expect(items.map((i) => i.vpn.vpnId)).toEqual([vpnId]);
    expect(items[0].vpn.forecast).toEqual(forecast);
    const table = (await expectOk(world.run(['list']))).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+CREATED AT\s+REGION\s+STATE\s+CONFIG\s+USAGE$/);
    expect(table[1]).toMatch(
      new RegExp(
        `^${vpnId}\\s+\\S+Z\\s+eu-west-3\\s+Running, ends (in about \\d+ \\w+( \\d+ \\w+)?|now): ` +
          'max-peanuts\\s+maxPeanuts: 2.00, deleteAfter: 1 hour\\s+',
      ),
    );
    const item = await json<VpnWithMetricsJson>(['get', vpnId]);
    expect(item.vpn).toMatchObject({ vpnId, state: 'Running', forecast });
    expect(item.metrics).toEqual(
      expect.objectContaining({ bytes: expect.any(Number), duration: expect.any(Number) }),
    );
    const details = (await expectOk(world.run(['get', vpnId]))).stdout.split('\n');
    expect(details).toContain('State:      Running');
    expect(details.find((line) => line.startsWith('Forecast:'))).toMatch(
      /^Forecast:\s+ends (in about \d+ \w+( \d+ \w+)?|now): max-peanuts \(\S+Z\)$/,
    );
  });

  it('extend gives the running VPN more peanuts and time; a refusal shows the server message', async () => {
    const item = await json<VpnWithMetricsJson>([
      'extend',
      vpnId,
      '--max-peanuts',
      '3',
      '--delete-after',
      '7200',
    ]);
    expect(item.vpn).toMatchObject({
      vpnId,
      state: 'Running',
      config: { type: 'wireguard', maxPeanuts: 3, deleteAfter: 7200 },
    });
    const tooMuch = await world.run(['extend', vpnId, '--max-peanuts', '50']);
    expect(tooMuch.code).not.toBe(0);
    expect(tooMuch.stderr).toMatch(
      /Not enough peanuts, you specified: 50 \(\d+(\.\d+)? more than consumed\) and you have/,
    );
    const nothing = await world.run(['extend', vpnId]);
    expect(nothing).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('give --max-peanuts, --delete-after or both'),
    });
  });

  it('download-config writes a 0600 tar.gz with the .conf and the QR PNG, never overwriting', async () => {
    const name = confName(vpnId);
    const result = await json<{ file: string; entries: string[] }>(['download-config', vpnId]);
    const archive = path.join(world.dir, `${name}.tar.gz`);
    expect(result).toEqual({ vpnId, file: archive, entries: [`${name}.conf`, `${name}.png`] });
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const out = mkdtempSync(path.join(world.dir, 'extract-'));
    await tar.x({ file: archive, cwd: out });
    expect(readdirSync(out).sort()).toEqual([`${name}.conf`, `${name}.png`]);
    const conf = readFileSync(path.join(out, `${name}.conf`), 'utf8');
    expect(conf).toMatch(/^\[Interface\]$/m);
    expect(conf).toMatch(/^PrivateKey = [A-Za-z0-9+/]{43}=$/m);
    expect(conf).toMatch(/^\[Peer\]$/m);
    expect(statSync(path.join(out, `${name}.conf`)).mode & 0o777).toBe(0o600);
    const png = readFileSync(path.join(out, `${name}.png`));
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );

    writeFileSync(archive, 'keep me');
    const again = await world.run(['download-config', vpnId]);
    expect(again).toEqual({
      code: 1,
      stdout: '',
      stderr: `peanut: ${archive} already exists (use --force to overwrite it)\n`,
    });
    expect(readFileSync(archive, 'utf8')).toBe('keep me');
    const forced = await expectOk(
      world.run(['download-config', vpnId, '--output', archive, '--force']),
    );
    expect(forced.stdout).toContain(`Wrote ${archive} (${name}.conf, ${name}.png).`);
    expect(readFileSync(archive).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  });

  it('delete --sync waits until the VPN is Deleted; the balance is charged for its usage', async () => {
    const item = await json<VpnWithMetricsJson>(['delete', vpnId, '--sync', '--interval', '0.05']);
    expect(item.vpn).toMatchObject({ vpnId, state: 'Deleted' });
    const { balance } = await json<{ balance: number }>(['balance']);
    expect(balance).toBeLessThanOrEqual(10);
    expect(10 - balance).toBeCloseTo(item.metrics?.peanuts ?? NaN, 2);
  });

  it('logout revokes the session and removes it from the profile', async () => {
    const before = JSON.parse(readFileSync(world.configFile, 'utf8'));
    const result = await expectOk(world.run(['logout']));
    expect(result.stdout).toBe(`Signed out of ${email}.\n`);
    const after = JSON.parse(readFileSync(world.configFile, 'utf8'));
    expect(after.profiles.default.session).toBeUndefined();
    expect(after.profiles.default.email).toBe(email);

    const signedOut = await world.run(['balance']);
    expect(signedOut.code).toBe(4);
    expect(signedOut.stderr).toBe(
      'peanut: User is not authenticated. Sign in with: peanut login <email>\n',
    );
    // The old tokens were revoked: put them back and the API refuses them.
    writeFileSync(world.configFile, JSON.stringify(before), { mode: 0o600 });
    const revoked = await world.run(['balance']);
    expect(revoked.code).toBe(4);
    expect(revoked.stderr).toMatch(
      /^peanut: .*authenticated.* Sign in with: peanut login <email>\n$/,
    );
    // Signing out again removes them; once more, there is nothing to sign out of.
    expect(await json(['logout'])).toEqual({ signedOut: true, email });
    expect(JSON.parse(readFileSync(world.configFile, 'utf8')).profiles.default.session).toBe(
      undefined,
    );
    expect(await world.run(['logout'])).toEqual({
      code: 0,
      stdout: 'Not signed in.\n',
      stderr: '',
    });
  });
});
