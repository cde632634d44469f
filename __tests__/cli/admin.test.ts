/**
 * `peanut admin ...` (docs/operator-console.md "CLI"), every step a `peanut` child process
 * against a real server with ADMIN_EMAILS: a customer is refused; an operator lists by prefix,
 * adjusts only an exact email (once per idempotency key, never below 0), disables and enables,
 * lists hosts and drains one, with `--json`.
 */
import {
  expectOk,
  GOOD_PASSWORD,
  signUpThroughCli,
  startCliWorld,
  uniqueEmail,
  type CliWorld,
} from './support';

jest.setTimeout(120_000);

describe('peanut admin', () => {
  let world: CliWorld;
  const operator = uniqueEmail('operator');
  const customer = uniqueEmail('customer');
  const op = (args: string[]) => world.run([...args, '--profile', 'op']);
  const json = async <T>(args: string[]): Promise<T> =>
    JSON.parse((await expectOk(op([...args, '--json']))).stdout) as T;

  beforeAll(async () => {
    world = await startCliWorld({ ADMIN_EMAILS: operator });
    await signUpThroughCli(world, customer);
    await expectOk(
      world.run(['register', operator, '--password-stdin', '--profile', 'op'], {
        input: GOOD_PASSWORD,
      }),
    );
    await expectOk(op(['confirm-registration', operator, await world.mailedCode(operator)]));
    await expectOk(
      world.run(['login', operator, '--profile', 'op'], {
        env: { PEANUT_PASSWORD: GOOD_PASSWORD },
      }),
    );
  });
  afterAll(() => world.close());

  it('refuses a customer', async () => {
    const refused = await world.run(['admin', 'users', 'customer']);
    expect(refused).toMatchObject({ code: 1, stderr: 'peanut: This API is for operators only.\n' });
  });

  it('lets an operator find, adjust, disable and enable an account by its exact email', async () => {
    const prefix = customer.slice(0, 12);
    const users = await json<{ email: string; balance: number }[]>(['admin', 'users', prefix]);
    expect(users).toEqual([expect.objectContaining({ email: customer, balance: 10 })]);
    const table = await expectOk(op(['admin', 'users', prefix]));
    expect(table.stdout).toMatch(/^EMAIL +SUB +CREATED +STATE +BALANCE\n/);

    const notExact = await op(['admin', 'adjust', prefix, '3', '--reason', 'refund']);
    expect(notExact.code).toBe(1);
    expect(notExact.stderr).toBe(
      `peanut: No account has exactly the email ${prefix} (peanut admin users <prefix> lists them)\n`,
    );
    const args = ['admin', 'adjust', customer, '3', '--reason', 'VPN in Tokyo never connected'];
    const first = await json<{ balance: number }>([...args, '--idempotency-key', 'retry-key-1']);
    expect(first.balance).toBe(13);
    const retried = await json<{ balance: number }>([...args, '--idempotency-key', 'retry-key-1']);
    expect(retried.balance).toBe(13);
    expect(JSON.parse((await expectOk(world.run(['balance', '--json']))).stdout)).toMatchObject({
      balance: 13,
    });
    const below = await op(['admin', 'adjust', customer.toUpperCase(), '-20', '--reason', 'abuse']);
    expect(below.stderr).toBe(
      'peanut: The adjustment would take the balance below 0 (the balance is 13 peanuts)\n',
    );
    const noReason = await op(['admin', 'disable', customer]);
    expect(noReason.code).toBe(2);

    const disabled = await json<{ disabled: boolean }>([
      'admin',
      'disable',
      customer,
      '--reason',
      'card testing',
    ]);
    expect(disabled.disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await world.run(['balance'])).code).not.toBe(0);
    const enabled = await expectOk(op(['admin', 'enable', customer, '--reason', 'appeal']));
    expect(enabled.stdout).toBe(`${customer} is enabled\n`);
  });

  it('lists hosts and refuses to drain an unknown one', async () => {
    expect(await json<unknown[]>(['admin', 'hosts'])).toEqual([]);
    const drain = await op(['admin', 'drain', 'host-nowhere']);
    expect(drain).toMatchObject({ code: 1, stderr: 'peanut: No such host\n' });
  });
});
