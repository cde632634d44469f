/**
 * Bad input and bad state give the documented one-line message and exit code (0 ok, 1 error,
 * 2 usage, 4 not signed in), every case a `peanut` child process against a real server.
 */
import { existsSync } from 'node:fs';
import { startCliWorld, signUpThroughCli, uniqueEmail, type CliWorld } from './support';

jest.setTimeout(120_000);

describe('peanut failures', () => {
  let world: CliWorld;
  beforeAll(async () => {
    world = await startCliWorld();
  });
  afterAll(() => world.close());

  describe('without a session', () => {
    it.each([
      ['balance'],
      ['whoami'],
      ['list'],
      ['get', '1718031234567@eu-west-3'],
      ['create', '--region', 'eu-west-3'],
      ['delete', '1718031234567@eu-west-3'],
      ['download-config', '1718031234567@eu-west-3'],
    ])('%s exits 4 with the spec message', async (...args) => {
      const result = await world.run(args);
      expect(result).toEqual({
        code: 4,
        stdout: '',
        stderr: 'peanut: User is not authenticated. Sign in with: peanut login <email>\n',
      });
    });

    it('--json keeps stdout empty on failure', async () => {
      expect(await world.run(['list', '--json'])).toMatchObject({ code: 4, stdout: '' });
    });
  });

  it('login with a wrong password or an unknown user exits 1 with the provider message', async () => {
    const unknown = await world.run(['login', uniqueEmail('nobody'), '--password-stdin'], {
      input: 'Whatever-1\n',
    });
    expect(unknown.code).toBe(1);
    // NotAuthorizedException or UserNotFoundException, depending on the provider's settings.
    expect(unknown.stderr).toMatch(
      /^peanut: (Incorrect username or password\.|User does not exist\.)\n$/,
    );
    expect(existsSync(world.configFile)).toBe(false);
  });

  it('a password is never taken from an argument: no terminal, no stdin flag, no env is a usage error', async () => {
    const result = await world.run(['login', 'you@example.com']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'peanut: No password: run on a terminal, pass --password-stdin or set PEANUT_PASSWORD\n',
    });
    const asArgument = await world.run(['login', 'you@example.com', 'Peanut-Passw0rd']);
    expect(asArgument.code).toBe(2);
    expect(asArgument.stderr).toBe(
      "peanut: too many arguments for 'login'. Expected 1 argument but got 2.\n",
    );
  });

  it('register refuses a malformed email before asking for a password', async () => {
    expect(await world.run(['register', 'not-an-email'])).toEqual({
      code: 2,
      stdout: '',
      stderr: "peanut: Invalid email address: 'not-an-email'\n",
    });
  });

  it.each([
    [['no-such-command'], "peanut: unknown command 'no-such-command'\n"],
    [['list', '--no-such-option'], "peanut: unknown option '--no-such-option'\n"],
    [['create'], "peanut: required option '-r, --region <region>' not specified\n"],
    [['get'], "peanut: missing required argument 'vpnId'\n"],
    [
      ['create', '--region', 'eu-west-3', '--max-peanuts', 'lots'],
      "peanut: option '-m, --max-peanuts <n>' argument 'lots' is invalid. Not a number.\n",
    ],
    [
      ['create', '--region', 'eu-west-3', '--delete-after', '1.5'],
      "peanut: option '-d, --delete-after <seconds>' argument '1.5' is invalid. Not a whole number.\n",
    ],
  ])('usage error %j exits 2', async (args, stderr) => {
    expect(await world.run(args)).toEqual({ code: 2, stdout: '', stderr });
  });

  describe('signed in', () => {
    const email = uniqueEmail('errors');
    beforeAll(() => signUpThroughCli(world, email));

    it.each([
      [['get', '1718031234567@eu-west-3'], 'Vpn not found'],
      [
        ['delete', '1718031234567@eu-west-3'],
        'Error during deletion of vpn: 1718031234567@eu-west-3: {"message":"Vpn not found"}',
      ],
      [['download-config', '1718031234567@eu-west-3'], 'Vpn not found'],
      [['get', 'nonsense'], "Incorrect vpnId: 'nonsense'"],
      [['download-config', 'nonsense'], "Incorrect vpnId: 'nonsense'"],
      [['create', '--region', 'moon-base-1'], "Incorrect region: 'moon-base-1'"],
      [['create', '--region', 'xx-nowhere-1'], "Incorrect region: 'xx-nowhere-1'"],
      [
        ['create', '--region', 'eu-west-3', '--max-peanuts', '11'],
        'Not enough peanuts, you specified: 11 and you have 10.',
      ],
      [
        ['create', '--region', 'eu-west-3', '--max-peanuts', '0.05'],
        'Minimum number of peanuts should be 0.1, you specified: 0.05 and you have 10.',
      ],
      [
        ['create', '--region', 'eu-west-3', '--delete-after', '10'],
        'deleteAfter must be greater than 300, you specified: 10.',
      ],
      [
        ['create', '--region', 'eu-west-3', '--delete-after', '100000'],
        'deleteAfter must be lesser than 86400, you specified: 100000.',
      ],
    ])('%j exits 1 with the spec message', async (args, message) => {
      expect(await world.run(args)).toEqual({
        code: 1,
        stdout: '',
        stderr: `peanut: ${message}\n`,
      });
    });

    it('nothing was created by the refused requests', async () => {
      const result = await world.run(['list', '--json']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual([]);
    });

    it('an unreachable service is one line, exit 1', async () => {
      const result = await world.run(['list-regions'], {
        env: { PEANUT_URL: 'http://127.0.0.1:9' },
      });
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: 'peanut: A network error has occurred. (GET http://127.0.0.1:9/app-config.json)\n',
      });
    });
  });
});
