/**
 * Fuzzing every endpoint of the OpenAPI description (`/docs/json`) and the identity endpoint
 * `/idp/` with fast-check: over 10,000 generated requests — signed in (as the
 * owner of a VPN, as another user, with the wrong kind of token) and not, with wrong types,
 * huge and deeply nested bodies, odd unicode, path traversal and injection strings, wrong
 * content types and malformed JSON; for `/idp/` every action, and unknown or missing
 * `X-Amz-Target` values. Holds: no 5xx, every 4xx a JSON `{message}`, and no ledger entry or VPN
 * changed. Requests go through `app.inject()` on an in-memory PGlite, with a fixed seed.
 */
import fc from 'fast-check';
import { ACTIONS } from '../../src/server/identity/actions';
import type { App } from '../../src/server/app';
import { openTestDatabase, type TestDatabase } from '../support/helpers';
import { CLIENT_ID } from './identity/helpers';
import {
  type FuzzRequest,
  hostileString,
  anyValue,
  bodyArb,
  encodePath,
  contentType,
} from './fuzzArbitraries';
import {
  buildVpnApp,
  createVpn,
  signUpUser,
  waitForVpnState,
  type TestUser,
} from '../support/vpnHelpers';

/** Generated requests per API operation and for `/idp/` (with ~13 operations: > 10,000). */
const RUNS_PER_OPERATION = 600;
const IDP_RUNS = 2_600;
const SEED = 20_261_123;

/** How the caller presents itself. */
type Actor = 'anonymous' | 'owner' | 'other' | 'ownerAccessToken' | 'garbage' | 'bearer';

describe('fuzzing every endpoint (fast-check)', () => {
  let database: TestDatabase;
  let app: App;
  let owner: TestUser;
  let other: TestUser;
  let ownerVpnId: string;
  let sent = 0;
  const failures: string[] = [];

  /** The ledger and the VPNs as rows (what no fuzzed request may change). */
  const snapshot = async (): Promise<string> => {
    const ledger = await database.handle.executeSql(
      'SELECT user_sub, amount_nano::text, kind, key FROM ledger_entries ORDER BY id',
    );
    const vpns = await database.handle.executeSql(
      'SELECT vpn_id, user_sub, state FROM vpns ORDER BY vpn_id',
    );
    return JSON.stringify({ ledger: ledger.rows, vpns: vpns.rows });
  };

  const authorization = (actor: Actor): Record<string, string> => {
    switch (actor) {
      case 'anonymous':
        return {};
      case 'owner':
        return { authorization: owner.idToken };
      case 'other':
        return { authorization: other.idToken };
      case 'ownerAccessToken':
        return { authorization: owner.accessToken };
      case 'garbage':
        return { authorization: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' };
      case 'bearer':
        return { authorization: `Bearer ${other.idToken}` };
    }
  };

  /** Sends `request` and records any answer that breaks the rules. */
  const send = async (request: FuzzRequest): Promise<void> => {
    sent++;
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const status = response.statusCode;
    let problem: string | undefined;
    if (status >= 500) problem = `answered ${status}: ${response.body.slice(0, 200)}`;
    // A HEAD answer has no body, by HTTP's rules.
    else if (status >= 400 && request.method !== 'HEAD') {
      try {
        const body = JSON.parse(response.body) as { message?: unknown };
        if (typeof body.message !== 'string' || body.message === '') problem = 'no message';
      } catch {
        problem = `4xx body is not JSON: ${response.body.slice(0, 100)}`;
      }
    }
    if (problem && failures.length < 50) {
      failures.push(
        `${request.method} ${request.url.slice(0, 120)} ${JSON.stringify(request.headers).slice(0, 200)} ` +
          `body ${JSON.stringify(request.payload?.slice(0, 120))}: ${problem}`,
      );
    }
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildVpnApp(database);
    owner = await signUpUser(app, 'fuzz-owner');
    other = await signUpUser(app, 'fuzz-other');
    ownerVpnId = await createVpn(app, owner);
    await waitForVpnState(app, owner, ownerVpnId, 'Running', 60_000);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('answers every generated request of every documented route without 5xx, changing nothing', async () => {
    const before = await snapshot();
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    }>();
    const operations = Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        route,
        method: method.toUpperCase(),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
    );
    const apiOperations = operations.filter((op) => !op.route.startsWith('/idp/'));
    expect(apiOperations.length).toBeGreaterThanOrEqual(13);

    for (const [index, op] of apiOperations.entries()) {
      // The owner never gets their own VPN's id in a destructive call: that change is legal.
      const actorArb = fc.constantFrom<Actor>(
        'anonymous',
        'owner',
        'other',
        'ownerAccessToken',
        'garbage',
        'bearer',
      );
      const requestArb = fc
        .record({
          actor: actorArb,
          param: fc.oneof(hostileString, fc.constant(ownerVpnId)),
          rawParam: fc.boolean(),
          query: fc.dictionary(
            fc.oneof(fc.constantFrom(...op.query, 'x', '__proto__'), hostileString),
            hostileString,
            { maxKeys: 3 },
          ),
          type: contentType,
          body: bodyArb(['region', 'config', 'type', 'maxPeanuts', 'deleteAfter', 'id']),
          otherMethod: fc.option(fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST', 'HEAD'), {
            freq: 10,
          }),
        })
        .filter(
          ({ actor, param, otherMethod }) =>
            !(
              param === ownerVpnId &&
              (actor === 'owner' || actor === 'ownerAccessToken') &&
              (op.method === 'DELETE' || otherMethod === 'DELETE')
            ),
        );
      // Numbers JSON has no word for, in every documented query parameter (Ajv lets Infinity
      // through an integer schema: it once reached a SQL LIMIT).
      for (const name of op.query) {
        for (const value of ['Infinity', '-Infinity', '1e309', 'NaN', '-0', '1.5']) {
          await send({
            method: op.method,
            url: `${op.route.replace(/\{[^}]+\}/g, ownerVpnId)}?${name}=${value}`,
            headers: authorization('other'),
          });
        }
      }
      const samples = fc.sample(requestArb, { numRuns: RUNS_PER_OPERATION, seed: SEED + index });
      for (const sample of samples) {
        const param = encodePath(sample.param, sample.rawParam);
        const path = op.route.replace(/\{[^}]+\}/g, param);
        const query = new URLSearchParams(sample.query).toString();
        await send({
          method: sample.otherMethod ?? op.method,
          url: query ? `${path}?${query}` : path,
          headers: {
            ...authorization(sample.actor),
            ...(sample.type ? { 'content-type': sample.type } : {}),
            ...(op.route === '/v1/webhooks/stripe'
              ? { 'stripe-signature': `t=1,v1=${'0'.repeat(64)}` }
              : {}),
          },
          payload: sample.body,
        });
      }
    }

    // The identity endpoint: every action, unknown and missing targets, malformed JSON.
    const actions = Object.keys(ACTIONS);
    const idpArb = fc.record({
      target: fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .constantFrom(...actions)
            .map((a) => `AWSCognitoIdentityProviderService.${a}`),
        },
        { weight: 1, arbitrary: hostileString.filter((s) => /^[\x20-\x7e]*$/.test(s)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '',
            'AWSCognitoIdentityProviderService.',
            'AWSCognitoIdentityProviderService.toString',
            'AWSCognitoIdentityProviderService.__proto__',
            'AWSCognitoIdentityProviderService.constructor',
            'SomeOtherService.SignUp',
          ),
        },
      ),
      type: fc.oneof(fc.constant('application/x-amz-json-1.1'), contentType),
      known: fc.record(
        {
          ClientId: fc.oneof(fc.constant(CLIENT_ID), anyValue),
          Username: fc.oneof(fc.constant(other.username), fc.constant(owner.email), anyValue),
          Password: anyValue,
          AccessToken: fc.oneof(fc.constant(other.idToken), anyValue),
          AuthFlow: fc.oneof(
            fc.constantFrom(
              'USER_SRP_AUTH',
              'USER_PASSWORD_AUTH',
              'REFRESH_TOKEN_AUTH',
              'CUSTOM_AUTH',
            ),
            anyValue,
          ),
          AuthParameters: anyValue,
          ChallengeName: anyValue,
          ChallengeResponses: anyValue,
          Session: anyValue,
          ConfirmationCode: anyValue,
          UserAttributes: fc.oneof(
            anyValue,
            fc.array(fc.record({ Name: anyValue, Value: anyValue }), { maxLength: 3 }),
          ),
          PreviousPassword: anyValue,
          ProposedPassword: anyValue,
          Token: anyValue,
          UserCode: anyValue,
          SoftwareTokenMfaSettings: anyValue,
        },
        { requiredKeys: [] },
      ),
      raw: fc.option(bodyArb([]), { freq: 3 }),
      send: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'OPTIONS'),
    });
    for (const sample of fc.sample(idpArb, { numRuns: IDP_RUNS, seed: SEED - 1 })) {
      await send({
        method: sample.send,
        url: '/idp/',
        headers: {
          'x-amz-target': sample.target,
          ...(sample.type ? { 'content-type': sample.type } : {}),
        },
        payload: sample.raw ?? JSON.stringify(sample.known),
      });
    }

    process.stdout.write(
      `fuzz: ${sent} requests over ${apiOperations.length} API operations and ` +
        `${actions.length} identity actions; ${failures.length} broke the rules\n`,
    );
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    expect(await snapshot()).toBe(before);
  }, 600_000);
});
