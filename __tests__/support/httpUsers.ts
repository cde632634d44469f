/**
 * Users and API calls over real HTTP (for servers running as child processes): sign
 * up, confirm through the local mailbox and sign in at `/idp/` with USER_PASSWORD_AUTH (the
 * server must allow it: serverProcess.ts gives IDP_ALLOW_PASSWORD_AUTH=true), then call `/v1/`
 * with the id token.
 */
import { CLIENT_ID, PASSWORD, uniqueName } from '../server/identity/helpers';

/** A signed-in user of a server at some origin. */
export interface HttpUser {
  sub: string;
  username: string;
  email: string;
  idToken: string;
  accessToken: string;
}

/** Calls `/idp/` at `origin`; throws on anything but 200. */
export async function idpCall(
  origin: string,
  action: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${origin}/idp/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${action}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Signs a new user up at `origin`, confirms them (sign-up bonus) and signs them in. */
export async function signUpOverHttp(origin: string, label: string): Promise<HttpUser> {
  const username = uniqueName(label);
  const email = `${username}@example.com`;
  const { UserSub } = await idpCall(origin, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const mails = (await (
    await fetch(`${origin}/dev/mailbox/${encodeURIComponent(email)}`)
  ).json()) as { code: string }[];
  await idpCall(origin, 'ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    ConfirmationCode: mails[0]?.code,
  });
  return { sub: UserSub as string, username, email, ...(await signInOverHttp(origin, username)) };
}

/** Signs `username` in at `origin`: fresh tokens. */
export async function signInOverHttp(
  origin: string,
  username: string,
): Promise<{ idToken: string; accessToken: string }> {
  const { AuthenticationResult } = await idpCall(origin, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD },
  });
  const tokens = AuthenticationResult as { IdToken: string; AccessToken: string };
  return { idToken: tokens.IdToken, accessToken: tokens.AccessToken };
}

/** An API answer over HTTP. */
export interface HttpAnswer<T> {
  status: number;
  body: T;
}

/** Calls `origin + path` as `user` (JSON in and out). */
export async function httpApi<T = Record<string, unknown>>(
  origin: string,
  user: { idToken: string } | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<HttpAnswer<T>> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: user.idToken } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** Polls `condition` every `intervalMs` until it holds (throws `message` after `timeoutMs`). */
export async function pollUntil(
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  message: () => string = () => 'condition not met in time',
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(message());
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
