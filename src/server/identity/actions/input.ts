/** Request parameters of the actions: presence, the client id, usernames, the password policy. */
import { passwordPolicyViolation } from '../../../core/passwordPolicy';
import { idpErrors } from '../errors';
import type { Body, IdentityContext } from './context';

/** A required non-empty string parameter of `input`. */
export function required(input: Body, name: string): string {
  const value = input[name];
  if (typeof value !== 'string' || value === '') {
    throw idpErrors.invalidParameter(`Missing required parameter ${name}`);
  }
  return value;
}

/** An optional string parameter of `input` (e.g. DEVICE_KEY); undefined when absent or empty. */
export function optional(input: Body, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A map of string parameters (AuthParameters, ChallengeResponses). */
export function parameters(input: Body, name: string): Body {
  const value = input[name];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw idpErrors.invalidParameter(`Missing required parameter ${name}`);
  }
  return value as Body;
}

/** Checks the request's ClientId. */
export function checkClient(ctx: IdentityContext, input: Body): void {
  const clientId = required(input, 'ClientId');
  if (clientId !== ctx.clientId) throw idpErrors.unknownClient(clientId);
}

/** A login name as stored and compared: NFC, lower case (usernames are case-insensitive). */
export function loginName(username: string): string {
  return username.normalize('NFC').toLowerCase();
}

/** Usernames are case-insensitive: stored and compared lower-cased. */
export function normaliseUsername(username: string): string {
  const normal = loginName(username);
  if (normal.length > 128 || !/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u.test(normal)) {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'username' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: [\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+',
    );
  }
  return normal;
}

/** A plausible email address (one @, a dot in the domain, no spaces). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Throws InvalidPasswordException when `password` breaks the policy. */
export function checkPasswordPolicy(password: string): void {
  if (/^\s|\s$/.test(password)) {
    throw idpErrors.invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: " +
        'Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$',
    );
  }
  const violation = passwordPolicyViolation(password);
  if (violation) throw idpErrors.invalidPassword(violation);
}
