import { mkdtempSync, rmSync, statSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../../src/cli/program';
import { readUserConfig, writeUserConfig } from '../../src/cli/profile';
import { startLiveServer, type LiveServer } from '../support/liveServer';

/** Runs the CLI and returns its exit code and output lines. */
async function cli(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli(args, {
    stdout: (t) => stdout.push(t),
    stderr: (t) => stderr.push(t),
  });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('peanut CLI against a real server', () => {
  let server: LiveServer;
  let dir: string;
  let configFile: string;
  beforeAll(async () => {
    server = await startLiveServer();
    dir = mkdtempSync(path.join(os.tmpdir(), 'peanut-cli-'));
    configFile = path.join(dir, 'peanut', 'config.json');
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('list-regions prints every region sorted by country then city', async () => {
    const { code, stdout } = await cli(['list-regions', '--url', server.origin, '-c', configFile]);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines).toHaveLength(27);
    expect(lines[0]).toMatch(/^ap-southeast-2\s+Sydney, Australia$/);
    expect(lines[26]).toMatch(/^us-west-1\s+San Francisco, United States$/);
  });

  it('--json prints data only', async () => {
    const { code, stdout, stderr } = await cli([
      'list-peanuts-packs',
      '--json',
      '--url',
      server.origin,
      '-c',
      configFile,
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const packs = JSON.parse(stdout) as { name: string; url: string }[];
    expect(packs.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Elite']);
  });

  it('list-peanuts-packs resolves purchase links against the service', async () => {
    const { code, stdout } = await cli([
      'list-peanuts-packs',
      '--url',
      server.origin,
      '-c',
      configFile,
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('Starter: 17 peanuts for 2.71 USD');
    expect(stdout).toContain(`buy: ${server.origin}/checkout/starter`);
  });

  it('takes the service url from the selected profile of the user config file', async () => {
    await writeUserConfig(configFile, {
      profiles: { default: { url: 'http://127.0.0.1:9' }, local: { url: server.origin } },
    });
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(await readUserConfig(configFile)).toEqual(JSON.parse(readFileSync(configFile, 'utf8')));
    const ok = await cli(['list-regions', '--profile', 'local', '-c', configFile]);
    expect(ok.code).toBe(0);
    const unreachable = await cli(['list-regions', '-c', configFile]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/^peanut: A network error has occurred\./);
  });

  it('exits 2 on a usage error', async () => {
    const { code, stderr } = await cli(['no-such-command']);
    expect(code).toBe(2);
    expect(stderr).toContain("unknown command 'no-such-command'");
  });
});
