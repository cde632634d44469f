/**
 * On a terminal versus a pipe: `--sync` shows a spinner with the state on a terminal and nothing
 * on a pipe; passwords are asked with a hidden prompt on a terminal. Terminal runs go through a
 * pseudo-terminal (`script` from util-linux).
 */
import { execFileSync } from 'node:child_process';
import {
  childEnv,
  expectOk,
  GOOD_PASSWORD,
  PEANUT_BIN,
  runInPseudoTerminal,
  signUpThroughCli,
  startCliWorld,
  uniqueEmail,
  type CliWorld,
} from './support';

jest.setTimeout(120_000);

/** True when util-linux's `script` can run a command under a pseudo-terminal here. */
function hasScript(): boolean {
  try {
    execFileSync('script', ['-qefc', 'true', '/dev/null'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const scriptAvailable = hasScript();
if (!scriptAvailable) {
  if (process.env.CI === 'true') throw new Error('util-linux script is required under CI=true');
  console.warn('Skipping the pseudo-terminal test: util-linux `script` is not installed');
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const peanut = `${quote(process.execPath)} ${quote(PEANUT_BIN)}`;

describe('peanut on a terminal and on a pipe', () => {
  let world: CliWorld;
  beforeAll(async () => {
    // Steps slow enough for the first polls to see the VPN before Running.
    world = await startCliWorld({ SIMULATED_STEP_MS: '400' });
    await signUpThroughCli(world, uniqueEmail('progress'));
  });
  afterAll(() => world.close());

  it('on pipes, --json prints only the JSON on stdout and nothing on stderr', async () => {
    const created = await world.run([
      'create',
      '-r',
      'eu-west-1',
      '--sync',
      '--interval',
      '0.05',
      '--json',
    ]);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const { vpn } = JSON.parse(created.stdout) as { vpn: { vpnId: string; state: string } };
    expect(vpn.state).toBe('Running');
    const deleted = await world.run([
      'delete',
      vpn.vpnId,
      '--sync',
      '--interval',
      '0.05',
      '--json',
    ]);
    expect(deleted.stderr).toBe('');
    expect(JSON.parse(deleted.stdout)).toMatchObject({
      vpn: { vpnId: vpn.vpnId, state: 'Deleted' },
    });
  });

  (scriptAvailable ? it : it.skip)(
    'on a terminal, a spinner shows the state while waiting',
    async () => {
      const env = childEnv({
        PEANUT_URL: world.server.origin,
        PEANUT_CONFIG_DIR: world.configFile.replace(/\/config\.json$/, ''),
        TERM: 'xterm',
      });
      const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
      const peanut = `${quote(process.execPath)} ${quote(PEANUT_BIN)}`;
      const created = await runInPseudoTerminal(
        `${peanut} create --region eu-west-3 --sync --interval 0.05`,
        { env, cwd: world.dir },
      );
      expect(created.code).toBe(0);
      const id = /ID:\s+(\d+@eu-west-3)/.exec(created.output)?.[1];
      expect(id).toBeDefined();
      // yocto-spinner frames, redrawn with the state polled (Creating/Created/Provisioning).
      expect(created.output).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
      expect(created.output).toMatch(new RegExp(`Creating ${id}: (Creating|Created|Provisioning)`));
      expect(created.output).toMatch(/State:\s+Running/);

      const deleted = await runInPseudoTerminal(`${peanut} delete ${id} --sync --interval 0.05`, {
        env,
        cwd: world.dir,
      });
      expect(deleted.code).toBe(0);
      expect(deleted.output).toMatch(new RegExp(`Deleting ${id}: (Running|Deprovisioning)`));
      expect(deleted.output).toMatch(/State:\s+Deleted/);
    },
  );

  (scriptAvailable ? it : it.skip)('asks for passwords with a hidden prompt', async () => {
    const email = uniqueEmail('prompt');
    const env = childEnv({
      PEANUT_URL: world.server.origin,
      PEANUT_CONFIG_DIR: `${world.dir}/prompt-config`,
    });
    const options = { env, cwd: world.dir };
    const mismatch = await runInPseudoTerminal(`${peanut} register ${email}`, {
      ...options,
      answers: [GOOD_PASSWORD, `${GOOD_PASSWORD}x`],
    });
    expect(mismatch.code).toBe(2);
    expect(mismatch.output).toMatch(
      /Password: .*\r?\n.*Repeat password: .*\r?\npeanut: The passwords do not match/s,
    );

    const registered = await runInPseudoTerminal(`${peanut} register ${email}`, {
      ...options,
      answers: [GOOD_PASSWORD, GOOD_PASSWORD],
    });
    expect(registered.code).toBe(0);
    expect(registered.output).toContain(`Registered ${email}.`);
    await expectOk(
      world.run(['confirm-registration', email, await world.mailedCode(email)], { env }),
    );
    const login = await runInPseudoTerminal(`${peanut} login ${email}`, {
      ...options,
      answers: [GOOD_PASSWORD],
    });
    expect(login.code).toBe(0);
    expect(login.output).toContain(`Signed in as ${email}`);
    for (const run of [mismatch, registered, login])
      expect(run.output).not.toContain(GOOD_PASSWORD);
  });
});
