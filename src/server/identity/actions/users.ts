/**
 * Users as the actions see them: look-ups that ignore expired unconfirmed sign-ups, credentials
 * (SRP salt and verifier), code delivery details and the decoys that make an unknown user look
 * like a known one (Cognito's "prevent user existence errors").
 */
import { and, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { IdentityTx } from '../db';
import { idpErrors } from '../errors';
import { users, type MfaType, type UserRow } from '../schema';
import { keyedHash } from '../../secrets';
import type { SmsSender } from '../sms';
import { computeVerifier, generateSalt, hexEquals, N } from '../srp';
import { CONFIRMATION_CODE_TTL_MS, type Body, type IdentityContext } from './context';
import { loginName } from './input';

/** True when `user` is an unconfirmed sign-up older than the confirmation code's lifetime. */
function expired(ctx: IdentityContext, user: UserRow): boolean {
  return !user.confirmed && user.createdAt.getTime() <= ctx.clock() - CONFIRMATION_CODE_TTL_MS;
}

/** The user named `username` (case-insensitive), or whose email it is; expired sign-ups are none. */
export async function findUser(
  ctx: IdentityContext,
  username: string,
  db: IdentityTx = ctx.db,
): Promise<UserRow | undefined> {
  const name = loginName(username);
  const rows = await db.select().from(users).where(userNamed(name));
  return pickUser(ctx, rows, name);
}

/** The condition on `users` of findUser: `name` (a login name) is the username or the email. */
export function userNamed(name: string) {
  return or(eq(users.username, name), eq(users.email, name));
}

/** findUser's choice among the rows `userNamed(name)` selects: not expired, username first. */
function pickUser(
  ctx: IdentityContext,
  rows: readonly UserRow[],
  name: string,
): UserRow | undefined {
  const live = rows.filter((row) => !expired(ctx, row));
  return live.find((row) => row.username === name) ?? live[0];
}

/** The user with `sub`. */
export async function userBySub(db: IdentityTx, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.sub, sub));
  return row;
}

/** Deletes the unconfirmed sign-ups older than the confirmation code's lifetime. */
export async function sweepExpiredSignUps(ctx: IdentityContext, db: IdentityTx): Promise<void> {
  await db
    .delete(users)
    .where(
      and(
        eq(users.confirmed, false),
        lte(users.createdAt, new Date(ctx.clock() - CONFIRMATION_CODE_TTL_MS)),
      ),
    );
}

/** Cognito's masked destination: `a***@e***`. */
function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.charAt(0)}***@${(domain ?? '').charAt(0)}***`;
}

/**
 * The CodeDeliveryDetails of a mail to `email` (for an unknown user, the name they gave, so the
 * answer has the same shape).
 */
export function deliveryDetails(email: string): Body {
  return { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(email) };
}

/** A fresh salt and verifier for `password`. */
export function credentials(ctx: IdentityContext, username: string, password: string) {
  const srpSalt = generateSalt();
  return { srpSalt, srpVerifier: computeVerifier(ctx.poolName, username, password, srpSalt) };
}

/** True when `password` is the user's password. */
export function passwordMatches(ctx: IdentityContext, user: UserRow, password: string): boolean {
  const verifier = computeVerifier(ctx.poolName, user.username, password, user.srpSalt);
  return hexEquals(verifier, user.srpVerifier);
}

/** Name of the server secret behind the decoys. */
const DECOY_SECRET = 'srp-decoy';

/**
 * The decoy credentials of a login name that belongs to nobody: a salt and a verifier derived
 * from a server secret, so that repeated sign-ins see the same salt as for a real user, and
 * the SRP exchange costs what a real one costs.
 */
export async function decoyCredentials(
  ctx: IdentityContext,
  name: string,
): Promise<{ srpSalt: string; srpVerifier: string }> {
  const key = await ctx.secret(DECOY_SECRET);
  const srpSalt = keyedHash(key, `salt:${name}`).slice(0, 32);
  // 3072 bits of keyed hash, reduced mod N: indistinguishable from g^x mod N without the key.
  const wide = Array.from({ length: 12 }, (_, i) => keyedHash(key, `verifier:${i}:${name}`)).join(
    '',
  );
  const verifier = (BigInt(`0x${wide}`) % (N - 2n)) + 2n;
  return { srpSalt, srpVerifier: verifier.toString(16) };
}

/**
 * Spends the time of a password check for a name that belongs to nobody (so its answer does
 * not come sooner than a wrong password's).
 */
export async function decoyPasswordCheck(
  ctx: IdentityContext,
  name: string,
  password: string,
): Promise<void> {
  const decoy = await decoyCredentials(ctx, name);
  computeVerifier(ctx.poolName, name, password, decoy.srpSalt);
}

/** The second factors `user` turned on, SMS first (Cognito's order). */
export function enabledMfa(user: UserRow): MfaType[] {
  const list: MfaType[] = [];
  if (user.smsMfaEnabled && user.phoneNumber && user.phoneVerified) list.push('SMS_MFA');
  if (user.totpEnabled && user.totpSecret) list.push('SOFTWARE_TOKEN_MFA');
  return list;
}

/**
 * Whether a proven password gives `user` the tokens at once (the device the client names aside):
 * confirmed, enabled, no new password to set (NEW_PASSWORD_REQUIRED) and no second factor
 * turned on ({@link enabledMfa}); a pool whose MFA is ON asks every user for one, which the
 * caller checks. The answers after the password (passwordVerifier.ts, challenges.ts's
 * completeSignIn) decide the same.
 */
export function signsInAtOnce(user: UserRow): boolean {
  return (
    user.confirmed &&
    !user.disabled &&
    !user.passwordChangeRequired &&
    enabledMfa(user).length === 0
  );
}

/**
 * {@link signsInAtOnce} as a condition on the `users` row of a statement (passwordVerifier.ts's
 * proven answer, which gives the tokens in one statement only when it holds). A NULL column can
 * only make it false; the identity tests compare it with signsInAtOnce.
 */
export const signsInAtOnceSql: SQL = sql`(${users.confirmed} AND NOT ${users.disabled}
  AND NOT ${users.passwordChangeRequired}
  AND NOT (${users.smsMfaEnabled} AND coalesce(${users.phoneNumber}, '') <> '' AND ${users.phoneVerified})
  AND NOT (${users.totpEnabled} AND coalesce(${users.totpSecret}, '') <> ''))`;

/** The MFA attributes GetUser reports for `user`: the factors turned on and the preferred one. */
export function mfaSettingsOf(user: UserRow): Body {
  const list = enabledMfa(user);
  if (list.length === 0) return {};
  const preferred =
    user.preferredMfa && list.includes(user.preferredMfa) ? user.preferredMfa : undefined;
  return { UserMFASettingList: list, ...(preferred ? { PreferredMfaSetting: preferred } : {}) };
}

/** The attributes GetUser reports (Cognito's names, values as strings). */
export function attributesOf(user: UserRow): { Name: string; Value: string }[] {
  const list = [
    { Name: 'sub', Value: user.sub },
    { Name: 'email_verified', Value: String(user.emailVerified) },
  ];
  if (user.phoneNumber) {
    list.push({ Name: 'phone_number_verified', Value: String(user.phoneVerified) });
    list.push({ Name: 'phone_number', Value: user.phoneNumber });
  }
  list.push({ Name: 'email', Value: user.email });
  return list;
}

/** Cognito's masked phone number: `+*******1234`. */
function maskPhone(phone: string): string {
  return `+${'*'.repeat(Math.max(phone.length - 5, 0))}${phone.slice(-4)}`;
}

/** The CodeDeliveryDetails of a text message to `phone`. */
export function smsDeliveryDetails(phone: string): Body {
  return { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: maskPhone(phone) };
}

/** The pool's SMS sender; InvalidParameterException when the pool sends no text messages. */
export function smsSender(ctx: IdentityContext): SmsSender {
  if (!ctx.sms) throw idpErrors.smsNotConfigured();
  return ctx.sms;
}
