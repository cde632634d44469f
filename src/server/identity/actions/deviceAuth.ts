/**
 * Device authentication (DEVICE_SRP_AUTH, DEVICE_PASSWORD_VERIFIER) as amazon-cognito-identity-js
 * drives it: after the password, a remembered device proves it holds the random password it
 * confirmed with ConfirmDevice, by SRP-6a with the device group key as the pool name and the
 * device key as the user id. That sign-in needs no second factor. Each challenge is used once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { IdpError, idpErrors } from '../errors';
import { idpDevices, idpSrpChallenges } from '../schema';
import { parseHex, parseTimestamp, serverSession, verifyPasswordClaim } from '../srp';
import { hashSecret } from '../tokens';
import { createAuthSession, takeAuthSession } from './authSessions';
import {
  MAX_TIMESTAMP_SKEW_MS,
  SRP_CHALLENGE_TTL_MS,
  type Body,
  type IdentityContext,
} from './context';
import { finishSignIn } from './challenges';
import { rememberedDevice } from './devices';
import { loginName, parameters, required } from './input';

/**
 * RespondToAuthChallenge with DEVICE_SRP_AUTH: the client's SRP_A for its remembered device;
 * answers DEVICE_PASSWORD_VERIFIER with the device's salt, the server's B and a secret block.
 */
export async function answerDeviceSrpAuth(ctx: IdentityContext, input: Body): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const deviceKey = required(responses, 'DEVICE_KEY');
  const A = parseHex(required(responses, 'SRP_A'));
  if (A === undefined) throw idpErrors.invalidParameter('SRP_A is not a hexadecimal number.');
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['DEVICE_SRP_AUTH'],
    loginName(required(responses, 'USERNAME')),
  );
  const device =
    taken.deviceKey === deviceKey ? await rememberedDevice(ctx, taken.user, deviceKey) : undefined;
  if (!device?.verifier || !device.salt) throw idpErrors.deviceNotFound();
  let srp;
  try {
    srp = serverSession(A, device.verifier);
  } catch {
    throw idpErrors.invalidParameter('Invalid SRP_A: A mod N must not be 0.');
  }
  const secretBlock = randomBytes(64);
  await ctx.db.insert(idpSrpChallenges).values({
    secretHash: hashSecret(secretBlock),
    sub: taken.user.sub,
    sessionKey: srp.key.toString('hex'),
    deviceKey,
    expiresAt: new Date(ctx.clock() + SRP_CHALLENGE_TTL_MS),
  });
  const session = await createAuthSession(ctx, taken.user, 'DEVICE_PASSWORD_VERIFIER', {
    deviceKey,
  });
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: device.salt,
      SRP_B: srp.B.toString(16),
      SECRET_BLOCK: secretBlock.toString('base64'),
      USERNAME: taken.user.username,
      DEVICE_KEY: deviceKey,
    },
  };
}

/**
 * RespondToAuthChallenge with DEVICE_PASSWORD_VERIFIER: checks the device's claim signature
 * (its challenge once, TIMESTAMP within 5 minutes) and answers the tokens.
 * NotAuthorizedException 'Incorrect username or password.' for a wrong proof.
 */
export async function answerDevicePasswordVerifier(
  ctx: IdentityContext,
  input: Body,
): Promise<Body> {
  const responses = parameters(input, 'ChallengeResponses');
  const deviceKey = required(responses, 'DEVICE_KEY');
  const secretBlock = required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
  const signature = required(responses, 'PASSWORD_CLAIM_SIGNATURE');
  const timestamp = required(responses, 'TIMESTAMP');
  const taken = await takeAuthSession(
    ctx,
    required(input, 'Session'),
    ['DEVICE_PASSWORD_VERIFIER'],
    loginName(required(responses, 'USERNAME')),
  );
  const now = ctx.clock();
  const [challenge] = await ctx.db
    .delete(idpSrpChallenges)
    .where(
      and(
        eq(idpSrpChallenges.secretHash, hashSecret(Buffer.from(secretBlock, 'base64'))),
        eq(idpSrpChallenges.sub, taken.user.sub),
        eq(idpSrpChallenges.deviceKey, deviceKey),
        gt(idpSrpChallenges.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (!challenge || taken.deviceKey !== deviceKey) throw idpErrors.invalidSession();
  const [device] = await ctx.db
    .select()
    .from(idpDevices)
    .where(and(eq(idpDevices.deviceKey, deviceKey), eq(idpDevices.sub, taken.user.sub)));
  if (!device?.remembered) throw idpErrors.deviceNotFound();
  const time = parseTimestamp(timestamp);
  if (time === undefined || Math.abs(time - now) > MAX_TIMESTAMP_SKEW_MS) {
    throw new IdpError('NotAuthorizedException', 'Invalid TIMESTAMP: malformed or out of range.');
  }
  const key = Buffer.from(challenge.sessionKey, 'hex');
  if (!verifyPasswordClaim(key, device.groupKey, deviceKey, secretBlock, timestamp, signature)) {
    throw idpErrors.incorrectCredentials();
  }
  return finishSignIn(ctx, taken.user, deviceKey);
}
