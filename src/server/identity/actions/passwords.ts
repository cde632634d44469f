/**
 * ForgotPassword, ConfirmForgotPassword and ChangePassword. A reset signs out every session; a
 * change signs out every session but the one that made it. Unknown users get the
 * answers known ones get (Cognito's "prevent user existence errors").
 */
import { and, eq, ne } from 'drizzle-orm';
import { idpErrors } from '../errors';
import { idpRefreshTokens, users } from '../schema';
import type { Action } from './context';
import { checkCode, consumeCode, countCodeSend, reserveCodeCheck, sendCode } from './codes';
import { checkClient, checkPasswordPolicy, loginName, required } from './input';
import { refundPasswordCheck, reservePasswordCheck, userLockKey } from './lockout';
import { authenticate } from './session';
import { credentials, deliveryDetails, findUser, passwordMatches } from './users';

/**
 * ForgotPassword: mails a password reset code to a user with a verified email. Anyone else
 * (unknown, unconfirmed) gets the same answer and no mail.
 */
export const forgotPassword: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = required(input, 'Username');
  const user = await findUser(ctx, username);
  if (!user || !user.emailVerified) {
    const address = user?.email ?? loginName(username);
    await countCodeSend(ctx, address, false);
    return { CodeDeliveryDetails: deliveryDetails(address) };
  }
  return { CodeDeliveryDetails: await sendCode(ctx, user, 'reset') };
};

/**
 * ConfirmForgotPassword: checks the code, sets the new password, signs out every session.
 * CodeMismatchException for a wrong code and for an unknown user.
 */
export const confirmForgotPassword: Action = async (ctx, input) => {
  checkClient(ctx, input);
  const username = required(input, 'Username');
  const code = required(input, 'ConfirmationCode');
  const password = required(input, 'Password');
  checkPasswordPolicy(password);
  const user = await findUser(ctx, username);
  if (!user) {
    await reserveCodeCheck(ctx, loginName(username), false);
    throw idpErrors.codeMismatch();
  }
  const hash = await checkCode(ctx, user, 'reset', code);
  const update = {
    ...credentials(ctx, user.username, password),
    emailVerified: true,
    passwordChangeRequired: false,
  };
  await ctx.db.transaction(async (tx) => {
    await consumeCode(ctx, tx, user, 'reset', hash);
    await tx.update(users).set(update).where(eq(users.sub, user.sub));
    await tx
      .update(idpRefreshTokens)
      .set({ revoked: true })
      .where(eq(idpRefreshTokens.sub, user.sub));
  });
  await refundPasswordCheck(ctx, userLockKey(user.sub));
  return {};
};

/**
 * ChangePassword: checks the previous password (under the lockout), stores the verifier of the
 * new one and revokes every other session of the user (their refresh, id and access tokens).
 */
export const changePassword: Action = async (ctx, input) => {
  const { user, originJti } = await authenticate(ctx, input);
  const previous = required(input, 'PreviousPassword');
  const proposed = required(input, 'ProposedPassword');
  checkPasswordPolicy(proposed);
  const lockKey = userLockKey(user.sub);
  await reservePasswordCheck(ctx, lockKey);
  if (!passwordMatches(ctx, user, previous)) throw idpErrors.incorrectCredentials();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...credentials(ctx, user.username, proposed), passwordChangeRequired: false })
      .where(eq(users.sub, user.sub));
    await tx
      .update(idpRefreshTokens)
      .set({ revoked: true })
      .where(and(eq(idpRefreshTokens.sub, user.sub), ne(idpRefreshTokens.originJti, originJti)));
  });
  await refundPasswordCheck(ctx, lockKey);
  return {};
};
