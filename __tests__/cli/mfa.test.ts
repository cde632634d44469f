/**
 * `peanut login` for an account with an authenticator app (TOTP) turned on, as child
 * processes against the real server: the code from `--mfa-code`, a wrong one refused with
 * Cognito's message, and a clear usage error without a code off a terminal. Codes are made with
 * otplib at the real clock; the TOTP set-up is done through the SDK, as the web app does.
 */
import { authenticator } from 'otplib';
import type { AppConfig } from '../../src/core/appConfig';
import { createIdentityClient, MemoryStorage } from '../../src/sdk/identity';
import { MFA_CODE_NEEDED } from '../../src/cli/challenges';
import { expectOk, GOOD_PASSWORD, startCliWorld, uniqueEmail, type CliWorld } from './support';

jest.setTimeout(120_000);

/** The app's code for `secret` at `epochMs`. */
const totpAt = (secret: string, epochMs: number) =>
  authenticator.clone({ epoch: epochMs }).generate(secret);

describe('peanut login with two-factor authentication', () => {
  let world: CliWorld;
  beforeAll(async () => {
    world = await startCliWorld();
  });
  afterAll(() => world.close());

  it('takes the authenticator code from --mfa-code, and refuses a wrong or missing one', async () => {
    const config = (await (
      await fetch(`${world.server.origin}/app-config.json`)
    ).json()) as AppConfig;
    const identity = createIdentityClient(config, new MemoryStorage());
    const email = uniqueEmail('mfa');
    await identity.signUp(email, GOOD_PASSWORD);
    await identity.confirmSignUp(email, await world.mailedCode(email));
    await identity.signIn(email, GOOD_PASSWORD);
    const { secret } = await identity.setUpTotp();
    // This step's code turns the app on; each later sign-in needs a later step's code.
    await identity.confirmTotp(totpAt(secret, Date.now()));

    const login = (extra: string[]) =>
      world.run(['login', email, '--password-stdin', ...extra], { input: `${GOOD_PASSWORD}\n` });

    const missing = await login([]);
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: `peanut: ${MFA_CODE_NEEDED}\n` });

    const now = totpAt(secret, Date.now());
    const near = [-30_000, 0, 30_000, 60_000].map((delta) => totpAt(secret, Date.now() + delta));
    let wrong = Number(now);
    do wrong = (wrong + 1) % 1e6;
    while (near.includes(String(wrong).padStart(6, '0')));
    const refused = await login(['--mfa-code', String(wrong).padStart(6, '0')]);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^peanut: .*code.*\n$/i);
    await expect(world.run(['whoami'])).resolves.toMatchObject({ code: 4 });

    // The next step's code (one step of drift is accepted; this one was never used).
    const ok = await expectOk(login(['--mfa-code', totpAt(secret, Date.now() + 30_000)]));
    expect(ok.stdout).toContain(`Signed in as ${email}`);
    const whoami = await expectOk(world.run(['whoami', '--json']));
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email });
  });
});
