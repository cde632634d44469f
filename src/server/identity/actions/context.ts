/**
 * What every action of the identity provider works with: the typed context, the hooks into the
 * rest of the server and the attempt limits.
 */
import type { IdentityDb, IdentityTx } from '../db';
import type { Mailer } from '../mailer';
import type { SmsSender } from '../sms';
import type { ThrottleRule } from '../throttle';
import type { TokenService } from '../tokens';

/** The user a hook is told about. */
export interface HookUser {
  /** Cognito `sub`. */
  sub: string;
  /** Email address, lower case. */
  email: string;
}

/** Callbacks into the rest of the server, run inside the action's transaction. */
export interface IdentityHooks {
  /**
   * A sign-up was confirmed (runs exactly once per user, in the confirming transaction: use
   * `tx`; throwing rolls the confirmation back).
   */
  onUserConfirmed?: (user: HookUser, tx: IdentityTx) => Promise<void>;
  /**
   * A user is being deleted (runs in the deleting transaction before the user row goes: use
   * `tx`; throwing keeps the user).
   */
  onUserDeleted?: (sub: string, tx: IdentityTx) => Promise<void>;
  /**
   * A user's deletion has committed (runs once, after the deleting transaction: work that must
   * see it, such as tearing their VPN servers down); must not throw.
   */
  afterUserDeleted?: (sub: string) => void;
}

/** Attempt limits. */
export interface ThrottleSettings {
  /**
   * Progressive password lockout: from the `lockAfter`-th consecutive failure on, password
   * checks are refused for `firstLockMs`, doubling with each further failure up to `maxLockMs`;
   * failures are forgotten after `forgetAfterMs` without one.
   */
  passwordLockout: {
    lockAfter: number;
    firstLockMs: number;
    maxLockMs: number;
    forgetAfterMs: number;
  };
  /** Codes mailed per (address, caller) (sign-up, resend, forgot password, attributes). */
  codeSends: ThrottleRule;
  /** Codes mailed per address, all callers together (more than one caller's share). */
  codeSendsPerAddress: ThrottleRule;
  /**
   * Code checks per (address, caller), across every code it is sent (new codes do not reset
   * it).
   */
  codeChecks: ThrottleRule;
  /** Code checks per address, all callers together (more than one caller's share). */
  codeChecksPerAddress: ThrottleRule;
  /** Checks one code survives. */
  codeAttempts: number;
  /**
   * Unfinished SRP sign-ins (InitiateAuth's challenges not yet answered nor expired) per caller
   * address; the next start answers TooManyRequestsException.
   */
  srpChallengesPerCaller: number;
}

/**
 * Default limits: Cognito's lockout (1 s after the fifth failed password, doubling, up to 15
 * minutes; failures forgotten after an hour without one); per address and caller 5 code mails
 * per hour and 5 code checks per 15 minutes, per address 20 of each; 5
 * checks per code; 20 unfinished SRP sign-ins per caller (a sign-in answered or expired no
 * longer counts).
 */
export const DEFAULT_THROTTLE: Readonly<ThrottleSettings> = Object.freeze({
  passwordLockout: Object.freeze({
    lockAfter: 5,
    firstLockMs: 1000,
    maxLockMs: 15 * 60_000,
    forgetAfterMs: 60 * 60_000,
  }),
  codeSends: Object.freeze({ limit: 5, windowMs: 60 * 60_000 }),
  codeSendsPerAddress: Object.freeze({ limit: 20, windowMs: 60 * 60_000 }),
  codeChecks: Object.freeze({ limit: 5, windowMs: 15 * 60_000 }),
  codeChecksPerAddress: Object.freeze({ limit: 20, windowMs: 15 * 60_000 }),
  codeAttempts: 5,
  srpChallengesPerCaller: 20,
});

/** Lifetime of a sign-up confirmation code, and of an unconfirmed sign-up: 24 h (as Cognito). */
export const CONFIRMATION_CODE_TTL_MS = 24 * 3600_000;
/** Lifetime of an attribute verification code: 24 h (as Cognito). */
export const ATTRIBUTE_CODE_TTL_MS = 24 * 3600_000;
/** Lifetime of a password reset code: 1 h (as Cognito). */
export const RESET_CODE_TTL_MS = 3600_000;
/** Lifetime of an SRP challenge (InitiateAuth to RespondToAuthChallenge). */
export const SRP_CHALLENGE_TTL_MS = 5 * 60_000;
/** Largest accepted difference between the client's TIMESTAMP and our clock. */
export const MAX_TIMESTAMP_SKEW_MS = 5 * 60_000;

/** What every action works with. */
export interface IdentityContext {
  db: IdentityDb;
  /** The user pool id, e.g. `local_peanutvpn`. */
  poolId: string;
  /** The part of the pool id after `_` (SRP's pool name). */
  poolName: string;
  /** The one app client id. */
  clientId: string;
  tokens: TokenService;
  mailer: Mailer;
  /** Where SMS codes go; absent when the pool sends no text messages. */
  sms?: SmsSender;
  /**
   * `OPTIONAL`: users choose a second factor; `ON`: every user must have one (a user without
   * one sets up an authenticator app during sign-in, MFA_SETUP).
   */
  mfaConfiguration: 'OPTIONAL' | 'ON';
  /** Current time in epoch milliseconds. */
  clock: () => number;
  /**
   * Who is asking: the request's client address (TRUST_PROXY applied), an IPv6 /64 as one
   * (callerOf); the code budgets are counted per caller.
   */
  caller: string;
  /**
   * The InitiateAuth flows the app client allows (Cognito's ExplicitAuthFlows, without the
   * `ALLOW_` prefix); others answer InvalidParameterException.
   */
  authFlows: ReadonlySet<AuthFlow>;
  throttle: ThrottleSettings;
  hooks: IdentityHooks;
  /** The server secret `name` (secrets.ts), cached by the caller. */
  secret: (name: string) => Promise<Buffer>;
}

/** The InitiateAuth flows an app client may allow. */
export const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'CUSTOM_AUTH',
  'USER_PASSWORD_AUTH',
  'REFRESH_TOKEN_AUTH',
] as const;

/** An InitiateAuth flow (AUTH_FLOWS). */
export type AuthFlow = (typeof AUTH_FLOWS)[number];

/**
 * The caller key of client address `ip`: an IPv4 address as is, an IPv6 address by its /64
 * (one host usually holds a whole /64), an IPv4-mapped IPv6 address as its IPv4 address.
 */
export function callerOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A request or response body. */
export type Body = Record<string, unknown>;

/** One action of the API. */
export type Action = (ctx: IdentityContext, input: Body) => Promise<Body>;
