/**
 * Shared setup of the operator API tests: one app per database kind with ADMIN_EMAILS naming
 * the operator, an operator and a customer signed up, and admin calls with a JSON body and
 * headers.
 */
import type { App } from '../../../src/server/app';
import { setUpDatabase, type DatabaseKind, type DatabaseSuite } from '../../support/helpers';
import { buildVpnApp, signUpUser, type TestUser } from '../../support/vpnHelpers';
import { uniqueName } from '../identity/helpers';

/** The state of an operator API describe block. */
export interface AdminSuite extends DatabaseSuite {
  app: App;
  operator: TestUser;
  customer: TestUser;
  /** Builds another app on the block's database with `env`, closed after the test. */
  build(env: Record<string, string>): Promise<App>;
}

/** An answer of {@link adminCall}. */
export interface AdminAnswer<T> {
  status: number;
  body: T;
}

/** `method url` as `user` (no token when undefined) with `payload` and extra `headers`. */
export async function adminCall<T = Record<string, unknown>>(
  app: App,
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<AdminAnswer<T>> {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(user ? { authorization: user.idToken } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: response.statusCode, body: response.json<T>() };
}

/** Registers the hooks of an operator API block on `kind`. */
export function setUpAdmin(kind: DatabaseKind): AdminSuite {
  const suite = setUpDatabase(kind) as AdminSuite;
  suite.build = async (env) => {
    const app = await buildVpnApp(suite.database, env);
    suite.extraApps.push(app);
    return app;
  };
  beforeAll(async () => {
    const operatorEmail = `${uniqueName('operator')}@example.com`;
    suite.app = await buildVpnApp(suite.database, {
      ADMIN_EMAILS: `other@example.com, ${operatorEmail.toUpperCase()}`,
    });
    suite.blockApps.push(suite.app);
    suite.operator = await signUpUser(suite.app, 'operator', operatorEmail);
    suite.customer = await signUpUser(suite.app, 'customer');
  });
  return suite;
}
