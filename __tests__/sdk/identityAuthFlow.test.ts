/**
 * `IDP_AUTH_FLOW` chooses how the SPA and the CLI sign in. With `CUSTOM_AUTH` the
 * server's `/app-config.json` says `authFlow: 'CUSTOM_AUTH'`, and an SDK client made from it (as
 * the SPA's boot and the CLI make theirs) gets the mailed-code challenge after the password;
 * without it the field is absent and sign-in is SRP alone. A malformed value stops the server.
 */
import type { AppConfig } from '../../src/core/appConfig';
import { createIdentityClient, MemoryStorage } from '../../src/sdk/identity';
import { loadConfig } from '../../src/server/config';
import { startLiveServer, type LiveServer } from '../support/liveServer';

jest.setTimeout(120_000);

const PASSWORD = 'Peanut-Passw0rd';

/** The app config `server` serves. */
async function appConfigOf(server: LiveServer): Promise<AppConfig> {
  return (await (await fetch(`${server.origin}/app-config.json`)).json()) as AppConfig;
}

/** The newest code mailed to `email` by `server`. */
async function mailedCode(server: LiveServer, email: string): Promise<string> {
  const response = await fetch(`${server.origin}/dev/mailbox/${encodeURIComponent(email)}`);
  const [mail] = (await response.json()) as { code: string }[];
  if (!mail) throw new Error(`no mail for ${email}`);
  return mail.code;
}

/** Signs up and confirms a new user through `server`'s app config; returns the email. */
async function registered(server: LiveServer, config: AppConfig, label: string) {
  const email = `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const client = createIdentityClient(config, new MemoryStorage());
  await client.signUp(email, PASSWORD);
  await client.confirmSignUp(email, await mailedCode(server, email));
  return email;
}

describe('IDP_AUTH_FLOW', () => {
  it('CUSTOM_AUTH: app-config says so and the SDK asks for the mailed code after the password', async () => {
    const server = await startLiveServer({ IDP_AUTH_FLOW: 'CUSTOM_AUTH' });
    try {
      const config = await appConfigOf(server);
      expect(config.authFlow).toBe('CUSTOM_AUTH');
      const email = await registered(server, config, 'flow');
      const client = createIdentityClient(config, new MemoryStorage());
      const step = await client.startSignIn(email, PASSWORD);
      if (step.kind !== 'challenge' || step.challenge.name !== 'CUSTOM_CHALLENGE') {
        throw new Error(`expected CUSTOM_CHALLENGE, got ${step.kind}`);
      }
      const done = await step.challenge.answer(await mailedCode(server, email));
      expect(done.kind).toBe('signedIn');
      expect((await client.currentUser()).email).toBe(email);
    } finally {
      await server.close();
    }
  });

  it('default: no authFlow in app-config, and the password alone signs in', async () => {
    const server = await startLiveServer();
    try {
      const config = await appConfigOf(server);
      expect(config).not.toHaveProperty('authFlow');
      const email = await registered(server, config, 'srp');
      const client = createIdentityClient(config, new MemoryStorage());
      expect((await client.startSignIn(email, PASSWORD)).kind).toBe('signedIn');
    } finally {
      await server.close();
    }
  });

  it('refuses a malformed value', () => {
    expect(() => loadConfig({ IDP_AUTH_FLOW: 'PASSWORDLESS' })).toThrow(
      "IDP_AUTH_FLOW must be USER_SRP_AUTH or CUSTOM_AUTH, got: 'PASSWORDLESS'",
    );
  });
});
