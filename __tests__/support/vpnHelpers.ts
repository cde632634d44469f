/**
 * Helpers of the VPN tests: apps with short lifecycle settings, users signed up, confirmed and
 * signed in through our identity endpoint (all by `app.inject`, USER_PASSWORD_AUTH, which the
 * test configuration allows: helpers.ts TEST_SERVER_ENV), API calls with a user's id token,
 * waiting for states, and a controllable clock.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type AppDeps } from '../../src/server/app';
import type { Env } from '../../src/server/config';
import type { VpnState, VpnWithMetricsJson } from '../../src/core/vpn';
import type { LifecycleTuning } from '../../src/server/vpns/lifecycleTuning';
import type { MeterPlan } from '../../src/server/vpns/metering';
import { vpns, type VpnRow } from '../../src/server/db/schema';
import {
  setUpDatabase,
  testConfig,
  type DatabaseKind,
  type DatabaseSuite,
  type TestDatabase,
} from './helpers';
import { CLIENT_ID, PASSWORD, uniqueName } from '../server/identity/helpers';

/** Settings of the VPN tests: fast simulated steps, no rate limit in the way. */
export const VPN_TEST_ENV: Env = {
  SIMULATED_STEP_MS: '20',
  METER_INTERVAL_S: '3600',
  RATE_LIMIT_MAX: '1000000',
};

/** Lifecycle tuning of the tests: quick polls and retries. */
export const TEST_TUNING: Partial<LifecycleTuning> = {
  concurrency: 4,
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
};

/** Builds an app on `database` with the VPN test settings plus `env` and `deps`. */
export function buildVpnApp(
  database: TestDatabase,
  env: Env = {},
  deps: Omit<AppDeps, 'database'> = {},
): Promise<App> {
  return buildApp(testConfig({ ...VPN_TEST_ENV, ...env }), {
    database: database.handle,
    lifecycleTuning: TEST_TUNING,
    ...deps,
  });
}

/** The apps of a describe block set up by {@link setUpVpnApps}. */
export interface VpnApps {
  /** Builds an app on the block's database (as {@link buildVpnApp}), closed after the test. */
  build(env?: Env, deps?: Omit<AppDeps, 'database'>): Promise<App>;
  /** The apps built in the running test, closed after it (remove one closed earlier). */
  apps: App[];
}

/**
 * Registers the hooks of the enclosing describe block (helpers.ts `setUpDatabase`); `build`
 * builds an app on its database, closed after the test.
 */
export function setUpVpnApps(kind: DatabaseKind): VpnApps {
  const suite = setUpDatabase(kind);
  const build = async (env: Env = {}, deps: Omit<AppDeps, 'database'> = {}): Promise<App> => {
    const app = await buildVpnApp(suite.database, env, deps);
    suite.extraApps.push(app);
    return app;
  };
  return { build, apps: suite.extraApps };
}

/** The state of a VPN API describe block, filled in before its tests by {@link setUpVpnApi}. */
export interface VpnApiSuite extends DatabaseSuite {
  /** The app on `database` with the VPN test settings. */
  app: App;
  /** Two signed-up users of `app`. */
  alice: TestUser;
  bob: TestUser;
}

/**
 * Registers the hooks of a VPN API describe block (helpers.ts `setUpDatabase`), builds the app
 * and signs alice and bob up before its tests.
 */
export function setUpVpnApi(kind: DatabaseKind): VpnApiSuite {
  const suite = setUpDatabase(kind) as VpnApiSuite;
  beforeAll(async () => {
    suite.app = await buildVpnApp(suite.database);
    suite.blockApps.push(suite.app);
    [suite.alice, suite.bob] = await Promise.all([
      signUpUser(suite.app, 'alice'),
      signUpUser(suite.app, 'bob'),
    ]);
  });
  return suite;
}

/** A clock the test moves (epoch milliseconds). */
export class FakeClock {
  constructor(public ms: number = Date.UTC(2026, 0, 15, 12, 0, 0)) {}
  /** The current time (bind-free: pass `clock.now`). */
  readonly now = (): number => this.ms;
  /** Moves the time forward by `ms`. */
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A signed-in user. */
export interface TestUser {
  sub: string;
  username: string;
  email: string;
  idToken: string;
  accessToken: string;
}

/** Calls the identity endpoint of `app`. */
async function idp(app: App, action: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await app.inject({
    method: 'POST',
    url: '/idp/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    payload: JSON.stringify(body),
  });
  const json = response.json<Record<string, unknown>>();
  if (response.statusCode !== 200) throw new Error(`${action}: ${response.body}`);
  return json;
}

/** Deletes the account of `user` (the identity provider's DeleteUser). */
export async function deleteAccount(app: App, user: TestUser): Promise<void> {
  await idp(app, 'DeleteUser', { AccessToken: user.accessToken });
}

/**
 * Signs a new user up (with `email`, default `<username>@example.com`), confirms them (credits
 * the sign-up bonus) and signs them in.
 */
export async function signUpUser(app: App, label = 'vpn', email?: string): Promise<TestUser> {
  const username = uniqueName(label);
  email ??= `${username}@example.com`;
  const { UserSub } = await idp(app, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    Password: PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  const mails = await app.inject({
    method: 'GET',
    url: `/dev/mailbox/${encodeURIComponent(email.trim())}`,
  });
  const [mail] = mails.json<{ code: string }[]>();
  await idp(app, 'ConfirmSignUp', {
    ClientId: CLIENT_ID,
    Username: username,
    ConfirmationCode: mail.code,
  });
  const { AuthenticationResult } = await idp(app, 'InitiateAuth', {
    ClientId: CLIENT_ID,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD },
  });
  const tokens = AuthenticationResult as { IdToken: string; AccessToken: string };
  return {
    sub: UserSub as string,
    username,
    email,
    idToken: tokens.IdToken,
    accessToken: tokens.AccessToken,
  };
}

/** An API answer: status and parsed body (undefined when empty). */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  response: LightMyRequestResponse;
}

/** Calls the API of `app` as `user`. */
export async function api<T = Record<string, unknown>>(
  app: App,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<ApiAnswer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(user ? { authorization: user.idToken } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return {
    status: response.statusCode,
    body: (response.body === '' ? undefined : response.json()) as T,
    response,
  };
}

/** The request body of a VPN creation. */
export function createBody(
  region = 'eu-west-3',
  config: Record<string, unknown> = { type: 'wireguard', maxPeanuts: 1, deleteAfter: 3600 },
): Record<string, unknown> {
  return { region, config };
}

/** Creates a VPN as `user` (expects 202) and returns its id. */
export async function createVpn(
  app: App,
  user: TestUser,
  body: Record<string, unknown> = createBody(),
): Promise<string> {
  const answer = await api<{ vpn: { id: string } }>(app, user, 'POST', '/v1/vpns/', body);
  if (answer.status !== 202)
    throw new Error(`create answered ${answer.status}: ${answer.response.body}`);
  return answer.body.vpn.id;
}

/** `GET /v1/vpns/{vpnId}` as `user` (expects 200). */
export async function getVpn(app: App, user: TestUser, vpnId: string): Promise<VpnWithMetricsJson> {
  const answer = await api<VpnWithMetricsJson>(app, user, 'GET', `/v1/vpns/${vpnId}`);
  if (answer.status !== 200)
    throw new Error(`get answered ${answer.status}: ${answer.response.body}`);
  return answer.body;
}

/** Polls the VPN every 20 ms until it is in `state` (throws after `timeoutMs`). */
export async function waitForVpnState(
  app: App,
  user: TestUser,
  vpnId: string,
  state: VpnState,
  timeoutMs = 15_000,
): Promise<VpnWithMetricsJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await getVpn(app, user, vpnId);
    if (current.vpn.state === state) return current;
    if (Date.now() > deadline) {
      throw new Error(`VPN ${vpnId} is ${current.vpn.state}, not ${state}, after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The database row of a VPN. */
export async function rowOf(app: App, vpnId: string): Promise<VpnRow> {
  const [row] = await app.db.select().from(vpns).where(eq(vpns.vpnId, vpnId));
  return row;
}

/** Creates a VPN (by default with maxPeanuts 5 and deleteAfter 3600) and waits until it runs. */
export async function runningVpn(
  app: App,
  user: TestUser,
  config: Record<string, unknown> = { type: 'wireguard', maxPeanuts: 5, deleteAfter: 3600 },
): Promise<string> {
  const vpnId = await createVpn(app, user, createBody('eu-west-3', config));
  await waitForVpnState(app, user, vpnId, 'Running');
  return vpnId;
}

/**
 * Credits `nano` nano-peanuts to owner `sub` (negative: takes them) as a ledger entry of kind
 * `test` with idempotency key `key` (default: a new one each call). Returns true when written.
 */
export function creditNano(
  app: App,
  sub: string,
  nano: number,
  key = `test:${randomUUID()}`,
): Promise<boolean> {
  return app.ledger.append({ userSub: sub, amountNano: nano, kind: 'test', key });
}

/** The user's balance in nano-peanuts. */
export function balanceNano(app: App, user: TestUser): Promise<number> {
  return app.ledger.balanceNano(user.sub);
}

/** The metering columns of a VPN's row (as {@link meteredColumnsOf} gives them). */
export type MeteredColumns = {
  meteredAtMs: number;
  meteredIntervals: number;
  bytes: number;
  consumedNano: number;
  settledNano: number;
  settledIntervals: number;
  endedAtMs: number | undefined;
  reason: string | undefined;
};

/**
 * The metering columns a VPN's row holds once `plan` (metering.ts) is written: timestamps as
 * epoch ms, the end's time and reason undefined while it runs.
 */
export function meteredColumnsOf(plan: MeterPlan): MeteredColumns {
  return {
    meteredAtMs: plan.meteredAtMs,
    meteredIntervals: plan.meteredIntervals,
    bytes: plan.chargedBytes,
    consumedNano: plan.consumedNano,
    settledNano: plan.settledNano,
    settledIntervals: plan.settledIntervals,
    endedAtMs: plan.end?.atMs,
    reason: plan.end?.reason,
  };
}

/** The metering columns of `row`, to compare with {@link meteredColumnsOf} a plan. */
export function meteredColumnsOfRow(row: VpnRow): MeteredColumns {
  return {
    meteredAtMs: row.meteredAt!.getTime(),
    meteredIntervals: row.meteredIntervals,
    bytes: row.bytes,
    consumedNano: row.consumedNano,
    settledNano: row.settledNano,
    settledIntervals: row.settledIntervals,
    endedAtMs: row.endedAt?.getTime(),
    reason: row.reason ?? undefined,
  };
}
