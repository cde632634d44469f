/**
 * SignUp, ConfirmSignUp and ResendConfirmationCode. An unconfirmed sign-up expires with its
 * code (24 h) and a new sign-up for its username or email replaces it, so nobody can squat an
 * address and no first password survives into the real owner's account. Unknown
 * users get the answers known ones get (Cognito's "prevent user existence errors").
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import { isUniqueViolation, violatedConstraint } from '../db';
import { idpErrors } from '../errors';
import { users, type UserRow } from '../schema';
import type { Action } from './context';
import { checkCode, consumeCode, countCodeSend, reserveCodeCheck, sendCode } from './codes';
import {
  checkClient,
  checkPasswordPolicy,
  EMAIL,
  loginName,
  normaliseUsername,
  required,
} from './input';
import { credentials, deliveryDetails, findUser, sweepExpiredSignUps } from './users';

/** The email of SignUp's UserAttributes (the only attribute of the schema); throws otherwise. */
function emailAttribute(attributes: unknown): string {
  if (!Array.isArray(attributes)) throw idpErrors.invalidParameter('UserAttributes must be a list');
  let email: string | undefined;
  for (const attribute of attributes as { Name?: unknown; Value?: unknown }[]) {
    const name = attribute?.Name;
    if (name === 'email' && typeof attribute.Value === 'string') {
      email = attribute.Value.trim().toLowerCase();
    } else {
      throw idpErrors.invalidParameter(
        `Attributes did not conform to the schema: ${String(name)}: ` +
          'Attribute does not exist in the schema.\n',
      );
    }
  }
  if (!email) {
    throw idpErrors.invalidParameter(
      'Attributes did not conform to the schema: email: The attribute is required\n',
    );
  }
  if (!EMAIL.test(email) || email.length > 254) {
    throw idpErrors.invalidParameter('Invalid email address format.');
  }
  return email;
}

/**
 * SignUp: creates an unconfirmed user (replacing an unconfirmed one of the same username or
 * email) and mails the confirmation code. UsernameExistsException when a confirmed user has the
 * username or email. As a Cognito pool with email as the sign-in alias, a
 * username that has the shape of an email must be the email attribute itself, or the sign-up
 * is refused (InvalidParameterException): nobody signs up under another person's address.
 */
export const signUp: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = normaliseUsername(required(input, 'Username'));
  const password = required(input, 'Password');
  const email = emailAttribute(input.UserAttributes ?? []);
  if (EMAIL.test(username) && username !== loginName(email)) {
    throw idpErrors.invalidParameter(
      'Username cannot be of email format unless it is the email attribute, since user pool ' +
        'is configured for email alias.',
    );
  }
  checkPasswordPolicy(password);

  const sub = randomUUID();
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      await sweepExpiredSignUps(ctx, tx);
      // Users sign in by username or email, so neither may name another user's either.
      const existing = await tx
        .select({
          sub: users.sub,
          username: users.username,
          email: users.email,
          confirmed: users.confirmed,
        })
        .from(users)
        .where(
          or(
            eq(users.username, username),
            eq(users.email, username),
            eq(users.username, email),
            eq(users.email, email),
          ),
        );
      const confirmed = existing.filter((row) => row.confirmed);
      if (confirmed.some((row) => row.username === username || row.email === username)) {
        throw idpErrors.userExists();
      }
      if (confirmed.length > 0) throw idpErrors.emailExists();
      const squatters = existing.map((row) => row.sub);
      if (squatters.length > 0) {
        await tx
          .delete(users)
          .where(and(inArray(users.sub, squatters), eq(users.confirmed, false)));
      }
      const [row] = await tx
        .insert(users)
        .values({ sub, username, email, ...credentials(ctx, username, password) })
        .returning();
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw violatedConstraint(error)?.includes('email')
      ? idpErrors.emailExists()
      : idpErrors.userExists();
  }
  const delivery = await sendCode(ctx, user, 'confirm');
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails: delivery };
};

/**
 * ConfirmSignUp: checks the code, confirms the user and runs onUserConfirmed once.
 * CodeMismatchException for a wrong code, and for an unknown or already confirmed user.
 */
export const confirmSignUp: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = required(input, 'Username');
  const code = required(input, 'ConfirmationCode');
  const user = await findUser(ctx, username);
  if (!user || user.confirmed) {
    await reserveCodeCheck(ctx, user?.email ?? loginName(username), false);
    throw idpErrors.codeMismatch();
  }
  const hash = await checkCode(ctx, user, 'confirm', code);
  await ctx.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(users)
      .set({ confirmed: true, emailVerified: true })
      .where(and(eq(users.sub, user.sub), eq(users.confirmed, false)))
      .returning({ sub: users.sub });
    if (confirmed.length === 0) throw idpErrors.codeMismatch();
    await consumeCode(ctx, tx, user, 'confirm', hash);
    await ctx.hooks.onUserConfirmed?.({ sub: user.sub, email: user.email }, tx);
  });
  return {};
};

/**
 * ResendConfirmationCode: mails a new confirmation code to an unconfirmed user. Unknown and
 * confirmed users get the same answer and no mail.
 */
export const resendConfirmationCode: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = required(input, 'Username');
  const user = await findUser(ctx, username);
  if (!user || user.confirmed) {
    const address = user?.email ?? loginName(username);
    await countCodeSend(ctx, address, false);
    return { CodeDeliveryDetails: deliveryDetails(address) };
  }
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'confirm') };
};
