/**
 * The user's own attributes (issue 14, spec §7 "attribute verification"): UpdateUserAttributes,
 * GetUserAttributeVerificationCode, VerifyUserAttribute and DeleteUserAttributes, as Cognito
 * answers them with "keep original attribute value active until verified" for email and
 * phone_number: a verified address stays in use (and in the tokens) until a code sent to the new
 * one proves it; an attribute with no verified value takes the new value at once, unverified.
 * Codes are checked under the same atomic limits as every code (codes.ts).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { isUniqueViolation, type IdentityTx } from '../db';
import { IdpError, idpErrors } from '../errors';
import { users, type UserRow } from '../schema';
import type { Action, Body } from './context';
import { checkCode, consumeCode, sendAttributeCode } from './codes';
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
 * way. Answers the CodeDeliveryDetailsList of the codes sent.
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
  if (Object.keys(set).length > 0) {
    try {
      await ctx.db.update(users).set(set).where(eq(users.sub, user.sub));
    } catch (error) {
      if (isUniqueViolation(error)) throw idpErrors.aliasExists();
      throw error;
    }
  }
  const updated = { ...user, ...set };
  const CodeDeliveryDetailsList: Body[] = [];
  for (const name of toVerify) {
    const destination = destinationOf(updated, name);
    if (destination) {
      CodeDeliveryDetailsList.push(await sendAttributeCode(ctx, updated, name, destination));
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
 * VerifyUserAttribute: the code proves the attribute; a pending value becomes the attribute.
 * CodeMismatchException, ExpiredCodeException or LimitExceededException as for every code;
 * AliasExistsException when another account took the email meanwhile.
 */
export const verifyUserAttribute: Action = async (ctx, input) => {
  const { user } = await authenticate(ctx, input);
  const name = attributeName(input);
  const code = required(input, 'Code');
  const purpose = name === 'email' ? 'verify_email' : 'verify_phone';
  const hash = await checkCode(ctx, user, purpose, code);
  try {
    await ctx.db.transaction(async (tx) => {
      let set: Partial<UserRow>;
      if (name === 'email') {
        const email = user.pendingEmail ?? user.email;
        if (email !== user.email) await releaseEmail(tx, user.sub, email);
        set = { email, emailVerified: true, pendingEmail: null };
      } else {
        if (!user.pendingPhone && !user.phoneNumber) throw idpErrors.codeMismatch();
        set = {
          phoneNumber: user.pendingPhone ?? user.phoneNumber,
          phoneVerified: true,
          pendingPhone: null,
        };
      }
      await tx.update(users).set(set).where(eq(users.sub, user.sub));
      await consumeCode(tx, user, purpose, hash);
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
