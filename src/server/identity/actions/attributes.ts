/**
 * The user's own attributes (spec §7 "attribute verification"): UpdateUserAttributes,
 * GetUserAttributeVerificationCode, VerifyUserAttribute and DeleteUserAttributes, as Cognito
 * answers them with "keep original attribute value active until verified" for email and
 * phone_number: a verified address stays in use (and in the tokens) until a code sent to the new
 * one proves it; an attribute with no verified value takes the new value at once, unverified.
 * Codes are checked under the same atomic limits as every code (codes.ts).
 *
 * A code proves one address: it is bound to the address it went to, a new
 * value is stored only once its code was sent (a refused send stores nothing), and
 * VerifyUserAttribute verifies only the address its code was sent to.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { isUniqueViolation, type IdentityTx } from '../db';
import { IdpError, idpErrors } from '../errors';
import { users, type UserRow } from '../schema';
import type { Action, Body } from './context';
import { checkCode, consumeCode, countCodeSend, sendAttributeCode } from './codes';
import { EMAIL, required } from './input';
import { authenticate } from './session';

/** E.164, as Cognito requires: `+` and up to 15 digits. */
export const PHONE = /^\+[1-9]\d{4,14}$/;

/** The attributes a user may write. */
type Writable = 'email' | 'phone_number';

/** Attributes that exist but that a user may not write. */
const READ_ONLY = new Set(['sub', 'email_verified', 'phone_number_verified', 'cognito:username']);

/** The writable attribute `name`; throws Cognito's errors for the others. */
function writable(name: unknown): Writable {
  if (name === 'email' || name === 'phone_number') return name;
  if (typeof name === 'string' && READ_ONLY.has(name)) {
    throw idpErrors.notAuthorized('A client attempted to write unauthorized attribute');
  }
  throw idpErrors.invalidParameter(
    `Attributes did not conform to the schema: ${String(name)}: ` +
      'Attribute does not exist in the schema.\n',
  );
}

/** A checked value of `name`: a lower-cased email or an E.164 phone number. */
function checkedValue(name: Writable, value: unknown): string {
  if (typeof value !== 'string') throw idpErrors.invalidParameter(`Missing value of ${name}`);
  if (name === 'email') {
    const email = value.trim().toLowerCase();
    if (!EMAIL.test(email) || email.length > 254) {
      throw idpErrors.invalidParameter('Invalid email address format.');
    }
    return email;
  }
  if (!PHONE.test(value)) throw idpErrors.invalidParameter('Invalid phone number format.');
  return value;
}

/** The value a code for `name` goes to: the pending one, else the unverified current one. */
function destinationOf(user: UserRow, name: Writable): string | undefined {
  if (name === 'email') return user.pendingEmail ?? (user.emailVerified ? undefined : user.email);
  return user.pendingPhone ?? (user.phoneVerified ? undefined : (user.phoneNumber ?? undefined));
}

/** The attribute name of `input[field]`, checked. */
function attributeName(input: Body): Writable {
  const name = required(input, 'AttributeName');
  if (name !== 'email' && name !== 'phone_number') {
    throw idpErrors.invalidParameter(`Attribute ${name} cannot be verified.`);
  }
  return name;
}

/**
 * UpdateUserAttributes: email and phone_number. A changed value waits for its code when the
 * current one is verified, and replaces an unverified one at once; a code goes to it either
 * way, and the value is stored only after its code was sent: LimitExceededException (counted
 * for every new value before anything is sent) or CodeDeliveryFailureException store nothing
 * of it. Answers the CodeDeliveryDetailsList of the codes sent.
 */
export const updateUserAttributes: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const list = input.UserAttributes;
  if (!Array.isArray(list))
    throw idpErrors.invalidParameter('Missing required parameter UserAttributes');
  const changes = new Map<Writable, string>();
  for (const item of list as { Name?: unknown; Value?: unknown }[]) {
    const name = writable(item?.Name);
    changes.set(name, checkedValue(name, item.Value));
  }
  const set: Partial<UserRow> = {};
  const toVerify: Writable[] = [];
  const email = changes.get('email');
  if (email !== undefined) {
    if (email === user.email) set.pendingEmail = null;
    else {
      if (user.emailVerified) set.pendingEmail = email;
      else Object.assign(set, { email, pendingEmail: null });
      toVerify.push('email');
    }
  }
  const phone = changes.get('phone_number');
  if (phone !== undefined) {
    if (phone === user.phoneNumber) set.pendingPhone = null;
    else {
      if (user.phoneVerified) set.pendingPhone = phone;
      else Object.assign(set, { phoneNumber: phone, phoneVerified: false, pendingPhone: null });
      toVerify.push('phone_number');
    }
  }
  const updated = { ...user, ...set };
  const destinations = toVerify.flatMap((name) => {
    const destination = destinationOf(updated, name);
    return destination ? [{ name, destination }] : [];
  });
  // Refused sends store nothing: the budgets are spent before any mail or write.
  for (const { destination } of destinations) await countCodeSend(ctx, destination);
  const CodeDeliveryDetailsList: Body[] = [];
  for (const { name, destination } of destinations) {
    CodeDeliveryDetailsList.push(await sendAttributeCode(ctx, updated, name, destination, false));
  }
  if (Object.keys(set).length > 0) {
    try {
      await ctx.db.update(users).set(set).where(eq(users.sub, user.sub));
    } catch (error) {
      if (isUniqueViolation(error)) throw idpErrors.aliasExists();
      throw error;
    }
  }
  return { CodeDeliveryDetailsList };
};

/**
 * GetUserAttributeVerificationCode: sends a code for `email` or `phone_number` (to the value
 * waiting for verification, or to the unverified current one). InvalidParameterException when
 * there is nothing to verify.
 */
export const getUserAttributeVerificationCode: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const name = attributeName(input);
  const destination = destinationOf(user, name);
  if (!destination) {
    throw idpErrors.invalidParameter(
      name === 'email' ? 'Email is already verified.' : 'No phone number to verify.',
    );
  }
  return { CodeDeliveryDetails: await sendAttributeCode(ctx, user, name, destination) };
};

/** Frees `email` from unconfirmed sign-ups (they cannot hold an address someone proves). */
async function releaseEmail(tx: IdentityTx, sub: string, email: string): Promise<void> {
  const holders = await tx
    .select({ sub: users.sub, confirmed: users.confirmed })
    .from(users)
    .where(or(eq(users.email, email), eq(users.username, email)));
  const others = holders.filter((row) => row.sub !== sub);
  if (others.some((row) => row.confirmed)) throw idpErrors.aliasExists();
  if (others.length > 0) {
    await tx.delete(users).where(
      and(
        inArray(
          users.sub,
          others.map((row) => row.sub),
        ),
        eq(users.confirmed, false),
      ),
    );
  }
}

/**
 * VerifyUserAttribute: the code proves the address it was sent to, which must still be the
 * value waiting for verification (or the unverified current one); that value becomes the
 * verified attribute. CodeMismatchException for a code of another address (or none),
 * ExpiredCodeException or LimitExceededException as for every code; AliasExistsException when
 * another account took the email meanwhile.
 */
export const verifyUserAttribute: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const name = attributeName(input);
  const code = required(input, 'Code');
  const purpose = name === 'email' ? 'verify_email' : 'verify_phone';
  // The code's hash binds its destination: it matches only the address it was sent to.
  const destination = destinationOf(user, name) ?? '';
  const hash = await checkCode(ctx, user, purpose, code, destination);
  try {
    await ctx.db.transaction(async (tx) => {
      let set: Partial<UserRow>;
      let unchanged;
      if (name === 'email') {
        if (destination !== user.email) await releaseEmail(tx, user.sub, destination);
        set = { email: destination, emailVerified: true, pendingEmail: null };
        unchanged = and(
          eq(users.email, user.email),
          user.pendingEmail === null
            ? isNull(users.pendingEmail)
            : eq(users.pendingEmail, user.pendingEmail),
        );
      } else {
        set = { phoneNumber: destination, phoneVerified: true, pendingPhone: null };
        unchanged = and(
          user.phoneNumber === null
            ? isNull(users.phoneNumber)
            : eq(users.phoneNumber, user.phoneNumber),
          user.pendingPhone === null
            ? isNull(users.pendingPhone)
            : eq(users.pendingPhone, user.pendingPhone),
        );
      }
      // The value the code was checked against must still be the one waiting.
      const verified = await tx
        .update(users)
        .set(set)
        .where(and(eq(users.sub, user.sub), unchanged))
        .returning({ sub: users.sub });
      if (verified.length === 0) throw idpErrors.codeMismatch();
      await consumeCode(ctx, tx, user, purpose, hash);
    });
  } catch (error) {
    if (error instanceof IdpError) throw error;
    if (isUniqueViolation(error)) throw idpErrors.aliasExists();
    throw error;
  }
  return {};
};

/**
 * DeleteUserAttributes: only phone_number may go (email is required); SMS MFA goes with it.
 */
export const deleteUserAttributes: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const names = input.UserAttributeNames;
  if (!Array.isArray(names)) {
    throw idpErrors.invalidParameter('Missing required parameter UserAttributeNames');
  }
  for (const name of names) {
    const attribute = writable(name);
    if (attribute === 'email') {
      throw idpErrors.invalidParameter('Cannot delete a required attribute: email');
    }
  }
  if (names.length === 0) return {};
  await ctx.db
    .update(users)
    .set({
      phoneNumber: null,
      phoneVerified: false,
      pendingPhone: null,
      smsMfaEnabled: false,
      ...(user.preferredMfa === 'SMS_MFA' ? { preferredMfa: null } : {}),
    })
    .where(eq(users.sub, user.sub));
  return {};
};
