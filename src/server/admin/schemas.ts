/**
 * TypeBox schemas of the operator API `/v1/admin/` (docs/operator-console.md, docs/api.md
 * "Operator API"). Amounts are peanuts (numbers), times ISO 8601 strings.
 */
import { Type } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** `{ reason }` of an action on an account or a VPN: 1-500 characters. */
export const ReasonSchema = Type.String({
  minLength: 1,
  maxLength: 500,
  pattern: '\\S',
  description: "The operator's reason, kept in the audit log (1-500 characters)",
});

/** A page limit and cursor. */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  cursor: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: "The previous page's nextCursor" }),
  ),
};

/** A `sub` path parameter. */
export const SubParams = Type.Object({ sub: Type.String({ maxLength: 64 }) });

/** An account as listed. */
export const AccountSchema = Type.Object(
  {
    sub: Type.String(),
    email: Type.String(),
    createdAt: DateTime,
    confirmed: Type.Boolean(),
    disabled: Type.Boolean(),
    mfaEnabled: Type.Boolean({ description: 'Sign-in asks for a second factor' }),
  },
  { title: 'AdminAccount' },
);

/** `GET /v1/admin/users` query. */
export const UsersQuerySchema = Type.Object({
  email: Type.String({
    minLength: 1,
    maxLength: 320,
    description: 'An email prefix, or a sub',
  }),
  ...PageQuery,
});

/** `GET /v1/admin/users` answer. */
export const UsersPageSchema = Type.Object(
  {
    users: Type.Array(Type.Intersect([AccountSchema, Type.Object({ balance: Type.Number() })])),
    nextCursor: Nullable(Type.String()),
  },
  { title: 'AdminUsersPage' },
);

/** A VPN as the console shows it. */
export const AdminVpnSchema = Type.Object(
  {
    vpnId: Type.String(),
    sub: Type.String(),
    email: Type.Optional(Type.String()),
    region: Type.String(),
    state: Type.String(),
    hostId: Nullable(Type.String()),
    createdAt: DateTime,
    runningAt: Nullable(DateTime),
    endedAt: Nullable(DateTime),
    consumed: Type.Number({ description: 'Peanuts charged so far' }),
    bytes: Type.Number(),
    reason: Nullable(Type.String()),
  },
  { title: 'AdminVpn' },
);

/** One statement line (as `GET /v1/peanuts/history`). */
const StatementLineSchema = Type.Object({
  date: DateTime,
  kind: Type.String(),
  amount: Type.Number(),
  balanceAfter: Type.Number(),
  reference: Nullable(Type.String()),
});

/** `GET /v1/admin/users/{sub}` answer. */
export const UserDetailSchema = Type.Object(
  {
    account: AccountSchema,
    balance: Type.Number({ description: 'Peanuts' }),
    statement: Type.Array(StatementLineSchema, { description: 'Newest first (at most 100)' }),
    vpns: Type.Array(AdminVpnSchema, { description: 'Every state, newest first' }),
    purchases: Type.Array(
      Type.Object({
        sessionId: Type.String(),
        packId: Type.String(),
        peanuts: Type.Number(),
        amountTotal: Type.Integer({ description: "In the currency's smallest unit" }),
        currency: Type.String(),
        state: Type.String({ description: 'paid, refunded or disputed' }),
        refundedPeanuts: Type.Number(),
        dispute: Type.String({ description: 'none, open, won or lost' }),
        createdAt: DateTime,
      }),
    ),
    referrals: Type.Array(
      Type.Object({
        relationshipId: Type.String(),
        role: Type.Union([Type.Literal('referrer'), Type.Literal('referee')]),
        otherSub: Nullable(Type.String()),
        state: Type.String({ description: 'held, rewarded or reversed' }),
        createdAt: DateTime,
      }),
    ),
  },
  { title: 'AdminUserDetail' },
);

/** `POST /v1/admin/users/{sub}/adjustments` body. */
export const AdjustmentBodySchema = Type.Object({
  peanuts: Type.Number({
    minimum: -1_000_000,
    maximum: 1_000_000,
    not: Type.Literal(0),
    description:
      'Peanuts to credit (positive) or debit (negative); a debit never takes the balance below 0',
  }),
  reason: ReasonSchema,
});

/** The `Idempotency-Key` header an adjustment requires. */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.String({
    minLength: 8,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_.:-]+$',
    description: 'A key the client makes once per adjustment (a UUID): a retry changes nothing',
  }),
});

/** An audit entry. */
export const AuditEntrySchema = Type.Object(
  {
    id: Type.Integer(),
    at: DateTime,
    operatorSub: Type.String(),
    operatorEmail: Type.String(),
    action: Type.String(),
    targetType: Type.String(),
    targetId: Type.String(),
    reason: Nullable(Type.String()),
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  { title: 'AdminAuditEntry' },
);

/** `POST .../adjustments` answer. */
export const AdjustmentResultSchema = Type.Object(
  { audit: AuditEntrySchema, balance: Type.Number({ description: 'Peanuts, right after it' }) },
  { title: 'AdminAdjustment' },
);

/** `{ reason }`. */
export const ReasonBodySchema = Type.Object({ reason: ReasonSchema });

/** The answer of an action: its audit entry, or null when nothing changed. */
export const ActionResultSchema = Type.Object(
  { audit: Type.Union([AuditEntrySchema, Type.Null()]) },
  { title: 'AdminActionResult' },
);

/** `POST /v1/admin/users/{sub}/disable|enable` answer. */
export const AccessResultSchema = Type.Object(
  {
    disabled: Type.Boolean(),
    audit: Type.Union([AuditEntrySchema, Type.Null()]),
    endedVpns: Type.Array(Type.String()),
  },
  { title: 'AdminAccessResult' },
);

/** `GET /v1/admin/audit` query. */
export const AuditQuerySchema = Type.Object({
  ...PageQuery,
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
  target: Type.Optional(
    Type.String({ maxLength: 320, description: 'Only entries of this target id' }),
  ),
});

/** `GET /v1/admin/audit` answer. */
export const AuditPageSchema = Type.Object(
  { entries: Type.Array(AuditEntrySchema), nextCursor: Nullable(Type.String()) },
  { title: 'AdminAuditPage' },
);

/** `GET /v1/admin/session` answer: the caller is an operator. */
export const OperatorSchema = Type.Object(
  { sub: Type.String(), email: Type.String() },
  { title: 'AdminOperator' },
);
