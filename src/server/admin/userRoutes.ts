/**
 * The operator API's account paths (docs/operator-console.md "Users"): search, one account's
 * picture, adjustments, disable and enable; and the audit log and the caller's operator check.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromNano } from '../../core/peanuts';
import { HttpError } from '../errors';
import type { CognitoPool } from '../identity';
import { errorResponses } from '../schemas/common';
import { adjustPeanuts, NO_SUCH_USER_MESSAGE, setAccountDisabled } from './accountActions';
import { readAudit } from './audit';
import { auditJson, vpnJson } from './json';
import { requireOperator } from './operators';
import {
  AccessResultSchema,
  AdjustmentBodySchema,
  AdjustmentResultSchema,
  AuditPageSchema,
  AuditQuerySchema,
  IdempotencyHeadersSchema,
  OperatorSchema,
  ReasonBodySchema,
  SubParams,
  UserDetailSchema,
  UsersPageSchema,
  UsersQuerySchema,
} from './schemas';
import { accountDetail, searchAccounts, type AccountSummary } from './userQueries';

/** Common options of an admin route's schema. */
export const ADMIN_SCHEMA = { tags: ['admin'], security: [{ idToken: [] }] } as const;

const accountJson = (account: AccountSummary) => ({
  ...account,
  createdAt: account.createdAt.toISOString(),
});

/** Options of the account paths. */
export interface AdminUserRoutesOptions {
  /** The real Cognito pool (COGNITO_ISSUER) whose users disable/enable also changes there. */
  pool?: CognitoPool;
}

/** Registers the account, audit and session paths of `/v1/admin/`. */
const adminUserRoutes: FastifyPluginAsyncTypebox<AdminUserRoutesOptions> = async (app, opts) => {
  const preHandler = requireOperator(app);

  app.get(
    '/v1/admin/session',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'The caller, when an operator (403 otherwise)',
        response: { 200: OperatorSchema, ...errorResponses },
      },
    },
    async (request) => request.operator,
  );

  app.get(
    '/v1/admin/users',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Accounts whose email starts with `email`, or whose sub it is, by email',
        querystring: UsersQuerySchema,
        response: { 200: UsersPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { email, limit = 50, cursor } = request.query;
      const page = await searchAccounts(app.db, email, limit, cursor);
      const users = [];
      for (const account of page.accounts) {
        users.push({
          ...accountJson(account),
          balance: fromNano(await app.ledger.balanceNano(account.sub)),
        });
      }
      return { users, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/v1/admin/users/:sub',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'One account: balance, statement, VPNs, purchases, referral relationships',
        params: SubParams,
        response: { 200: UserDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const detail = await accountDetail(app.db, app.ledger, request.params.sub);
      if (!detail) throw new HttpError(404, NO_SUCH_USER_MESSAGE);
      const { sub } = detail.account;
      return {
        account: accountJson(detail.account),
        balance: fromNano(detail.balanceNano),
        statement: detail.statement.map((line) => ({
          date: line.date.toISOString(),
          kind: line.kind,
          amount: fromNano(line.amountNano),
          balanceAfter: fromNano(line.balanceAfterNano),
          reference: line.reference,
        })),
        vpns: detail.vpns.map((row) => vpnJson(row)),
        purchases: detail.purchases.map((row) => ({
          sessionId: row.checkoutSessionId,
          packId: row.packId,
          peanuts: fromNano(row.peanutsNano),
          amountTotal: row.amountTotal,
          currency: row.currency,
          state: row.state,
          refundedPeanuts: fromNano(row.refundedNano),
          dispute: row.dispute,
          createdAt: row.createdAt.toISOString(),
        })),
        referrals: detail.referrals.map((row) => {
          const referrer = row.referrerSub === sub;
          return {
            relationshipId: row.id,
            role: referrer ? ('referrer' as const) : ('referee' as const),
            otherSub: referrer ? row.refereeSub : row.referrerSub,
            state: row.state,
            createdAt: row.createdAt.toISOString(),
          };
        }),
      };
    },
  );

  app.post(
    '/v1/admin/users/:sub/adjustments',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Credits or debits peanuts (ledger kind `adjustment`), once per Idempotency-Key',
        params: SubParams,
        headers: IdempotencyHeadersSchema,
        body: AdjustmentBodySchema,
        response: { 200: AdjustmentResultSchema, 201: AdjustmentResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const adjustment = await adjustPeanuts(app.db, app.ledger, request.operator, {
        sub: request.params.sub,
        peanuts: request.body.peanuts,
        reason: request.body.reason.trim(),
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(adjustment.created ? 201 : 200).send({
        audit: auditJson(adjustment.audit),
        balance: fromNano(adjustment.balanceAfterNano),
      });
    },
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/v1/admin/users/:sub/${action}`,
      {
        onRequest: preHandler,
        schema: {
          ...ADMIN_SCHEMA,
          summary: disabled
            ? 'Disables the account: no sign-in, its tokens refused, its VPNs ended (and AdminDisableUser in a real Cognito pool)'
            : 'Enables the account again (and AdminEnableUser in a real Cognito pool)',
          params: SubParams,
          body: ReasonBodySchema,
          response: { 200: AccessResultSchema, ...errorResponses },
        },
      },
      async (request) => {
        const change = await setAccountDisabled(
          app.db,
          app.vpns,
          request.operator,
          { sub: request.params.sub, disabled, reason: request.body.reason.trim() },
          { onChanged: app.accountAccessChanged, pool: opts.pool },
        );
        return {
          disabled: change.disabled,
          audit: change.audit ? auditJson(change.audit) : null,
          endedVpns: change.endedVpns,
        };
      },
    );
  }

  app.get(
    '/v1/admin/audit',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'The audit log of operator actions, newest first',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit = 50, cursor, target } = request.query;
      const page = await readAudit(
        app.db,
        limit,
        cursor === undefined ? undefined : Number(cursor),
        target,
      );
      return {
        entries: page.entries.map(auditJson),
        nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      };
    },
  );
};

export default adminUserRoutes;
