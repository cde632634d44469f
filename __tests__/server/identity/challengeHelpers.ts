/**
 * Helpers of the challenge and device tests: amazon-cognito-identity-js calls as promises, and
 * a sign-in driver that answers each challenge the way a user would.
 */
import {
  AuthenticationDetails,
  CognitoUserAttribute,
  type CognitoUser,
} from 'amazon-cognito-identity-js';
import { authenticator } from 'otplib';
import type { SmsOutboxEntry } from '../../../src/server/identity/sms';

/** The code an authenticator app shows for `secret` at `epochMs`. */
export function totpAt(secret: string, epochMs: number): string {
  return authenticator.clone({ epoch: epochMs }).generate(secret);
}

/** AssociateSoftwareToken (signed in, or during MFA_SETUP): the secret. */
export function associate(user: CognitoUser): Promise<string> {
  return new Promise((resolve, reject) =>
    user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
  );
}

/** VerifySoftwareToken while signed in. */
export function verifyToken(user: CognitoUser, code: string): Promise<unknown> {
  return new Promise((resolve, reject) =>
    user.verifySoftwareToken(code, 'My phone', { onSuccess: resolve, onFailure: reject }),
  );
}

/** SetUserMFAPreference: `{Enabled, PreferredMfa}` per factor, or null to leave it. */
export function setMfa(
  user: CognitoUser,
  sms: { Enabled: boolean; PreferredMfa: boolean } | null,
  totp: { Enabled: boolean; PreferredMfa: boolean } | null,
): Promise<unknown> {
  return new Promise((resolve, reject) =>
    user.setUserMfaPreference(sms, totp, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

/** UpdateUserAttributes. */
export function updateAttributes(user: CognitoUser, values: Record<string, string>) {
  const list = Object.entries(values).map(
    ([Name, Value]) => new CognitoUserAttribute({ Name, Value }),
  );
  return new Promise<unknown>((resolve, reject) =>
    user.updateAttributes(list, (error, _result, details) =>
      error ? reject(error) : resolve(details),
    ),
  );
}

/** VerifyUserAttribute. */
export function verifyAttribute(user: CognitoUser, name: string, code: string) {
  return new Promise<unknown>((resolve, reject) =>
    user.verifyAttribute(name, code, { onSuccess: resolve, onFailure: reject }),
  );
}

/** How a test answers the challenges of a sign-in; a challenge without an answer fails it. */
export interface Answers {
  /** SMS_MFA: the code (read from the outbox), given the challenge parameters. */
  sms?: (parameters: Record<string, string>) => Promise<string>;
  /** SOFTWARE_TOKEN_MFA: the app's code. */
  totp?: () => string;
  /** SELECT_MFA_TYPE: the factor chosen, given MFAS_CAN_CHOOSE. */
  select?: (choices: string[]) => 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';
  /** NEW_PASSWORD_REQUIRED: the new password, given the user's attributes. */
  newPassword?: (attributes: Record<string, string>) => string;
  /** MFA_SETUP: the code for the associated secret (called again after a refused code). */
  setup?: (secret: string, attempt: number) => string;
}

/** What a sign-in went through: the challenges met, in order. */
export interface SignInTrace {
  challenges: string[];
  /** ConfirmDevice's UserConfirmationNecessary, when a new device was confirmed. */
  confirmationNecessary?: boolean;
}

/** Signs in with SRP, answering challenges from `answers`; rejects on the first error. */
export function signInWith(
  user: CognitoUser,
  password: string,
  answers: Answers = {},
): Promise<SignInTrace> {
  const details = new AuthenticationDetails({ Username: user.getUsername(), Password: password });
  const trace: SignInTrace = { challenges: [] };
  return new Promise((resolve, reject) => {
    const fail = (name: string) => () => reject(new Error(`unexpected ${name}`));
    const callbacks = {
      onSuccess: (_session: unknown, confirmationNecessary?: boolean) => {
        if (confirmationNecessary !== undefined)
          trace.confirmationNecessary = confirmationNecessary;
        resolve(trace);
      },
      onFailure: reject,
      mfaRequired: (name: string, parameters: Record<string, string>) => {
        trace.challenges.push(name);
        if (!answers.sms) return fail('mfaRequired')();
        answers
          .sms(parameters)
          .then((code) => user.sendMFACode(code, callbacks, 'SMS_MFA'), reject);
      },
      totpRequired: (name: string) => {
        trace.challenges.push(name);
        if (!answers.totp) return fail('totpRequired')();
        user.sendMFACode(answers.totp(), callbacks, 'SOFTWARE_TOKEN_MFA');
      },
      selectMFAType: (name: string, parameters: Record<string, string>) => {
        trace.challenges.push(name);
        if (!answers.select) return fail('selectMFAType')();
        const choices = JSON.parse(parameters.MFAS_CAN_CHOOSE) as string[];
        user.sendMFASelectionAnswer(answers.select(choices), callbacks);
      },
      mfaSetup: (name: string) => {
        trace.challenges.push(name);
        const setup = answers.setup;
        if (!setup) return fail('mfaSetup')();
        user.associateSoftwareToken({
          onFailure: reject,
          associateSecretCode: (secret: string) => {
            let attempt = 0;
            const tryCode = (): void =>
              user.verifySoftwareToken(setup(secret, attempt), 'My phone', {
                onSuccess: () => resolve(trace),
                onFailure: (error: Error & { code?: string }) => {
                  attempt += 1;
                  if (error.code === 'EnableSoftwareTokenMFAException' && attempt < 2) {
                    trace.challenges.push('EnableSoftwareTokenMFAException');
                    return tryCode();
                  }
                  reject(error);
                },
              });
            tryCode();
          },
        });
      },
      newPasswordRequired: (attributes: Record<string, string>) => {
        trace.challenges.push('NEW_PASSWORD_REQUIRED');
        if (!answers.newPassword) return fail('newPasswordRequired')();
        user.completeNewPasswordChallenge(answers.newPassword(attributes), {}, callbacks);
      },
      customChallenge: fail('customChallenge'),
    };
    user.authenticateUser(details, callbacks);
  });
}

/** The local SMS outbox of `phone`, newest first. */
export async function smsOutbox(origin: string, phone: string): Promise<SmsOutboxEntry[]> {
  const response = await fetch(`${origin}/dev/sms/${encodeURIComponent(phone)}`);
  if (!response.ok) throw new Error(`sms outbox answered ${response.status}`);
  return (await response.json()) as SmsOutboxEntry[];
}

/** The newest code texted to `phone`. */
export async function latestSms(origin: string, phone: string): Promise<string> {
  const [message] = await smsOutbox(origin, phone);
  if (!message) throw new Error(`no text message for ${phone}`);
  return message.code;
}

/** A unique E.164 phone number for a test. */
export function uniquePhone(): string {
  return `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
}
