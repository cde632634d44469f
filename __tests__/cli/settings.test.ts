/**
 * Settings, highest first: flag, environment (PEANUT_URL, PEANUT_PROFILE, PEANUT_CONFIG_DIR),
 * the profile, the default; help with examples and exit codes everywhere.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv, runPeanut, startCliWorld, type CliWorld } from './support';

jest.setTimeout(120_000);

/** An origin nothing listens on (port 9, discard, is closed on loopback). */
const DEAD = 'http://127.0.0.1:9';

describe('peanut settings', () => {
  let world: CliWorld;
  let otherDir: string;
  beforeAll(async () => {
    world = await startCliWorld();
    mkdirSync(path.dirname(world.configFile), { recursive: true });
    writeFileSync(
      world.configFile,
      JSON.stringify({ profiles: { default: { url: DEAD }, live: { url: world.server.origin } } }),
    );
    otherDir = path.join(world.dir, 'other');
    mkdirSync(otherDir);
    writeFileSync(
      path.join(otherDir, 'config.json'),
      JSON.stringify({ profiles: { default: { url: world.server.origin } } }),
    );
  });
  afterAll(() => world.close());

  /** Runs list-regions --json with exactly `env` (and no PEANUT_* from the world). */
  const listRegions = (args: string[], env: Record<string, string>) =>
    runPeanut(['list-regions', '--json', ...args], { env: childEnv(env), cwd: world.dir });
  const configDir = () => path.dirname(world.configFile);

  it('the profile url is used when neither flag nor environment names one', async () => {
    const viaProfile = await listRegions(['--profile', 'live'], { PEANUT_CONFIG_DIR: configDir() });
    expect(viaProfile.code).toBe(0);
    expect(JSON.parse(viaProfile.stdout)).toHaveLength(27);
    const defaultProfile = await listRegions([], { PEANUT_CONFIG_DIR: configDir() });
    expect(defaultProfile.code).toBe(1);
    expect(defaultProfile.stderr).toContain(`(GET ${DEAD}/app-config.json)`);
  });

  it('PEANUT_PROFILE selects the profile, --profile wins over it', async () => {
    const env = { PEANUT_CONFIG_DIR: configDir(), PEANUT_PROFILE: 'live' };
    expect((await listRegions([], env)).code).toBe(0);
    expect((await listRegions(['--profile', 'default'], env)).code).toBe(1);
  });

  it('PEANUT_URL wins over the profile, --url wins over PEANUT_URL', async () => {
    const env = { PEANUT_CONFIG_DIR: configDir(), PEANUT_URL: world.server.origin };
    expect((await listRegions([], env)).code).toBe(0);
    const flag = await listRegions(['--url', DEAD], env);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain(`(GET ${DEAD}/app-config.json)`);
  });

  it('PEANUT_CONFIG_DIR picks the config folder, --config wins over it', async () => {
    expect((await listRegions([], { PEANUT_CONFIG_DIR: otherDir })).code).toBe(0);
    const flag = await listRegions(['--config', world.configFile], { PEANUT_CONFIG_DIR: otherDir });
    expect(flag.code).toBe(1);
  });

  it('an unreadable config file is one line, exit 1', async () => {
    const bad = path.join(world.dir, 'bad.json');
    writeFileSync(bad, '{ not json');
    const result = await listRegions(['--config', bad], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^peanut: Invalid user config file ${bad}: .+\\n$`));
  });

  it('--help lists every command, the exit codes and examples; each command has examples', async () => {
    const root = await runPeanut(['--help'], { env: childEnv({}), cwd: world.dir });
    expect(root.code).toBe(0);
    const commands = [
      'register',
      'confirm-registration',
      'login',
      'logout',
      'whoami',
      'balance',
      'list-peanuts-packs',
      'list-regions',
      'create',
      'list',
      'get',
      'delete',
      'download-config',
    ];
    for (const name of commands) expect(root.stdout).toMatch(new RegExp(`\\n  ${name}\\b`));
    expect(root.stdout).toContain(
      'Exit codes:\n  0  success\n  1  error (one line on stderr)\n' +
        '  2  usage error (unknown command or option, missing or malformed argument)\n' +
        '  4  not signed in (run: peanut login <email>)',
    );
    for (const name of commands) {
      const help = await runPeanut([name, '--help'], { env: childEnv({}), cwd: world.dir });
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: peanut ${name}`));
      expect(help.stdout).toMatch(new RegExp(`\\nExamples:\\n  peanut .*${name}`));
      expect(help.stdout).toContain('--json');
    }
  });
});
