/**
 * The operator API's account paths (docs/operator-console.md): 401/403 on every admin path of
 * the routes table, search and detail, adjustments (idempotent, never below 0, on the
 * customer's statement), disable/enable (sign-in, tokens, VPNs) and the audit log. On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { adminAudit, ledgerEntries } from '../../../src/server/db/schema';
import { DATABASE_KINDS } from '../../support/helpers';
import { api, createVpn, rowOf, signUpUser, type TestUser } from '../../support/vpnHelpers';
import { CLIENT_ID, PASSWORD } from '../identity/helpers';
import { adminCall, setUpAdmin } from './adminSupport';

interface AuditEntry {
  id: number;
  action: string;
  targetId: string;
  reason: string | null;
  operatorEmail: string;
  before: unknown;
  after: unknown;
}

describe.each(DATABASE_KINDS)('operator API: accounts on %s', (kind) => {
  const suite = setUpAdmin(kind);

  const adjust = (sub: string, peanuts: number, reason: string, key = randomUUID()) =>
    adminCall<{ audit: AuditEntry; balance: number; message?: string }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/users/${sub}/adjustments`,
      { peanuts, reason },
      { 'idempotency-key': key },
    );

  it('answers 401 without a token and 403 to a customer on every admin path', async () => {
    const spec = suite.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
          url: path.replace(/\{[^}]+\}/g, suite.customer.sub),
        })),
      );
    expect(calls.length).toBeGreaterThanOrEqual(12);
    for (const { method, url } of calls) {
      const body = method === 'GET' ? undefined : {};
      const anonymous = await adminCall(suite.app, undefined, method, url, body);
      expect([url, anonymous.status]).toEqual([url, 401]);
      const customer = await adminCall(suite.app, suite.customer, method, url, body);
      expect([url, customer.status, customer.body]).toEqual([
        url,
        403,
        { message: 'This API is for operators only.' },
      ]);
    }
    const role = (user: TestUser) => adminCall(suite.app, user, 'GET', '/v1/account/role');
    expect((await role(suite.customer)).body).toEqual({ operator: false });
    expect((await role(suite.operator)).body).toEqual({ operator: true });
    const session = await adminCall(suite.app, suite.operator, 'GET', '/v1/admin/session');
    expect(session.body).toEqual({ sub: suite.operator.sub, email: suite.operator.email });
  });

  it('finds accounts by email prefix or sub and shows one account', async () => {
    const prefix = suite.customer.email.slice(0, 12);
    const found = await adminCall<{ users: { sub: string; balance: number }[] }>(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/users?email=${encodeURIComponent(prefix)}`,
    );
    expect(found.body.users.map((user) => user.sub)).toEqual([suite.customer.sub]);
    const bySub = await adminCall<{ users: { email: string }[] }>(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/users?email=${suite.customer.sub}`,
    );
    expect(bySub.body.users.map((user) => user.email)).toEqual([suite.customer.email]);
    const wildcard = await adminCall<{ users: unknown[] }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/users?email=%25',
    );
    expect(wildcard.body.users).toEqual([]);
    const detail = await adminCall<{
      account: { email: string; disabled: boolean };
      balance: number;
    }>(suite.app, suite.operator, 'GET', `/v1/admin/users/${suite.customer.sub}`);
    expect(detail.status).toBe(200);
    expect(detail.body.account).toMatchObject({ email: suite.customer.email, disabled: false });
    const missing = await adminCall(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/users/${randomUUID()}`,
    );
    expect(missing.status).toBe(404);
  });

  it('credits 3 peanuts once per idempotency key, on the statement and in the audit log', async () => {
    const user = await signUpUser(suite.app, 'credited');
    const key = randomUUID();
    const first = await adjust(user.sub, 3, 'VPN in Tokyo never connected', key);
    expect(first.status).toBe(201);
    expect(first.body.balance).toBe(13);
    const retry = await adjust(user.sub, 3, 'VPN in Tokyo never connected', key);
    expect(retry.status).toBe(200);
    expect(retry.body.audit.id).toBe(first.body.audit.id);
    expect(retry.body.balance).toBe(13);
    const reused = await adjust(user.sub, 5, 'another', key);
    expect(reused.status).toBe(409);
    const history = await api<{ entries: { kind: string; amount: number; reference: string }[] }>(
      suite.app,
      user,
      'GET',
      '/v1/peanuts/history',
    );
    expect(history.body.entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: 3,
      balanceAfter: 13,
      reference: String(first.body.audit.id),
    });
    const audit = await adminCall<{ entries: AuditEntry[] }>(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/audit?target=${user.sub}`,
    );
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'adjustment',
        targetId: user.sub,
        reason: 'VPN in Tokyo never connected',
        operatorEmail: suite.operator.email,
        before: { balance: 10 },
        after: { balance: 13, amount: 3 },
      }),
    ]);
  });

  it('refuses a debit below zero and writes nothing', async () => {
    const user = await signUpUser(suite.app, 'debited');
    const counts = async () => {
      const [ledger] = await suite.app.db
        .select({ n: count() })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userSub, user.sub));
      const [audit] = await suite.app.db
        .select({ n: count() })
        .from(adminAudit)
        .where(eq(adminAudit.targetId, user.sub));
      return [ledger.n, audit.n];
    };
    const before = await counts();
    const refused = await adjust(user.sub, -10.5, 'abuse');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The adjustment would take the balance below 0 (the balance is 10 peanuts)',
    );
    expect(await counts()).toEqual(before);
    expect((await adjust(user.sub, -10, 'abuse')).body.balance).toBe(0);
    for (const body of [
      { peanuts: 1, reason: '' },
      { peanuts: 0, reason: 'x' },
      { peanuts: 1, reason: 'x'.repeat(501) },
    ]) {
      const bad = await adminCall(
        suite.app,
        suite.operator,
        'POST',
        `/v1/admin/users/${user.sub}/adjustments`,
        body,
        { 'idempotency-key': randomUUID() },
      );
      expect(bad.status).toBe(400);
    }
    const noKey = await adminCall(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/users/${user.sub}/adjustments`,
      { peanuts: 1, reason: 'x' },
    );
    expect(noKey.status).toBe(400);
  });

  it('a disabled account cannot sign in, its token stops working and its VPNs end; enable gives sign-in back', async () => {
    const user = await signUpUser(suite.app, 'abusive');
    const vpnId = await createVpn(suite.app, user);
    const signIn = (who: TestUser) =>
      suite.app.inject({
        method: 'POST',
        url: '/idp/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({
          ClientId: CLIENT_ID,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: who.username, PASSWORD },
        }),
      });
    const disabled = await adminCall<{ disabled: boolean; endedVpns: string[]; audit: AuditEntry }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/users/${user.sub}/disable`,
      { reason: 'card testing' },
    );
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ disabled: true, endedVpns: [vpnId] });
    expect(disabled.body.audit).toMatchObject({ action: 'disable', reason: 'card testing' });
    expect(['Deprovisioning', 'Deleted']).toContain((await rowOf(suite.app, vpnId)).state);
    expect((await rowOf(suite.app, vpnId)).reason).toBe('Deleted on request');
    const refused = await signIn(user);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      __type: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await api(suite.app, user, 'GET', '/v1/peanuts')).status).toBe(401);
    const again = await adminCall<{ audit: unknown }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/users/${user.sub}/disable`,
      { reason: 'twice' },
    );
    expect(again.body.audit).toBeNull();
    const enabled = await adminCall<{ disabled: boolean }>(
      suite.app,
      suite.operator,
      'POST',
      `/v1/admin/users/${user.sub}/enable`,
      { reason: 'appeal accepted' },
    );
    expect(enabled.body.disabled).toBe(false);
    expect((await signIn(user)).statusCode).toBe(200);
  });

  it('keeps the audit log append-only and loses the role at once when ADMIN_EMAILS drops it', async () => {
    for (const statement of [
      sql`UPDATE admin_audit SET reason = 'changed'`,
      sql`DELETE FROM admin_audit`,
    ]) {
      const error = await suite.app.db.execute(statement).then(
        () => undefined,
        (thrown: Error) => thrown,
      );
      expect(String(error?.cause)).toMatch(/admin_audit is append-only/);
    }
    const page = await adminCall<{ entries: AuditEntry[]; nextCursor: string | null }>(
      suite.app,
      suite.operator,
      'GET',
      '/v1/admin/audit?limit=2',
    );
    expect(page.body.entries).toHaveLength(2);
    expect(page.body.entries[0].id).toBeGreaterThan(page.body.entries[1].id);
    const next = await adminCall<{ entries: AuditEntry[] }>(
      suite.app,
      suite.operator,
      'GET',
      `/v1/admin/audit?limit=2&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.entries[0].id).toBeLessThan(page.body.entries[1].id);
    const other = await suite.build({ ADMIN_EMAILS: 'someone-else@example.com' });
    expect((await adminCall(other, suite.operator, 'GET', '/v1/admin/session')).status).toBe(403);
  });
});
