/**
 * Who is an operator (docs/operator-console.md "Operators"): a confirmed, enabled account whose
 * current email is in ADMIN_EMAILS, or, with a real Cognito pool, a member of its group `admin`
 * (the id token's `cognito:groups`). Checked on every admin request against the current account
 * row, so a removed or disabled operator loses the role at once.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db';
import { users } from '../db/schema';
import { HttpError } from '../errors';

/** The message of a 403 answer to a signed-in customer on an admin path. */
export const OPERATORS_ONLY_MESSAGE = 'This API is for operators only.';

/** The Cognito group whose members are operators. */
export const ADMIN_GROUP = 'admin';

/** The operator making an admin request. */
export interface Operator {
  /** Their `sub`. */
  sub: string;
  /** Their current email. */
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator, set by the admin routes' preHandler (admin/operators.ts). */
    operator: Operator;
  }
}

/** What decides the role besides the account row. */
export interface OperatorRule {
  /** ADMIN_EMAILS, lower case. */
  adminEmails: readonly string[];
  /** The real Cognito pool's issuer, whose `cognito:groups` claim counts; undefined: none. */
  cognitoIssuer: string | undefined;
}

/** True when the claims of a token of `rule.cognitoIssuer` name the group `admin`. */
function inAdminGroup(claims: Record<string, unknown>, rule: OperatorRule): boolean {
  const groups = claims['cognito:groups'];
  return (
    rule.cognitoIssuer !== undefined &&
    claims.iss === rule.cognitoIssuer &&
    Array.isArray(groups) &&
    groups.includes(ADMIN_GROUP)
  );
}

/**
 * The operator of the account `sub` with token claims `claims`, or undefined when it is not one
 * (no row, unconfirmed, disabled, or neither listed nor in the group).
 */
export async function operatorOf(
  db: Database,
  rule: OperatorRule,
  sub: string,
  claims: Record<string, unknown>,
): Promise<Operator | undefined> {
  const [row] = await db
    .select({ email: users.email, confirmed: users.confirmed, disabled: users.disabled })
    .from(users)
    .where(eq(users.sub, sub));
  if (!row || !row.confirmed || row.disabled) return undefined;
  const listed = rule.adminEmails.includes(row.email.toLowerCase());
  return listed || inAdminGroup(claims, rule) ? { sub, email: row.email } : undefined;
}

/**
 * The preHandler of every admin route: 401 without a valid token (app.authenticateRequest), 403 for a
 * caller who is not an operator now; sets `request.operator`.
 */
export function requireOperator(app: FastifyInstance) {
  const rule: OperatorRule = {
    adminEmails: app.config.adminEmails,
    cognitoIssuer: app.config.cognitoIssuer,
  };
  return async (request: FastifyRequest): Promise<void> => {
    await app.authenticateRequest(request);
    const { sub, claims } = request.identity;
    const operator = await operatorOf(app.db, rule, sub, claims);
    if (!operator) throw new HttpError(403, OPERATORS_ONLY_MESSAGE);
    request.operator = operator;
  };
}
