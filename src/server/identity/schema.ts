/**
 * Tables of the embedded identity provider (drizzle-orm, PostgreSQL dialect). db/schema.ts
 * re-exports them so that drizzle-kit generates their migration with the rest.
 *
 * Secrets are never stored in the clear: passwords only as SRP verifiers, confirmation and reset
 * codes, refresh tokens and SRP secret blocks only as SHA-256 hashes. The RS256 signing key is
 * the exception (it must be usable), kept as a private JWK.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';

/** Options of every timestamp column: with time zone, as JS Dates. */
const tz = { withTimezone: true, mode: 'date' } as const;

/** The users of the pool (one row per account). */
export const users = pgTable(
  'users',
  {
    /** Cognito `sub`: the user's permanent id, referenced by the rest of the data. */
    sub: uuid('sub').primaryKey(),
    /** Username, lower-cased (usernames are case-insensitive); the SRP user id. */
    username: text('username').notNull().unique(),
    /** Email address, lower-cased. */
    email: text('email').notNull().unique(),
    /** True once the email was proven by a code (sign-up confirmation or password reset). */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** True once the sign-up was confirmed; only confirmed users sign in. */
    confirmed: boolean('confirmed').notNull().default(false),
    /** SRP salt, hex. */
    srpSalt: text('srp_salt').notNull(),
    /** SRP verifier v = g^x mod N, hex (never the password). */
    srpVerifier: text('srp_verifier').notNull(),
    /** When the account was created. */
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /**
     * The verified TOTP secret (base32, RFC 6238) of the user's authenticator app, or null. A
     * secret the server must use, like the signing key: never logged, never sent again.
     */
    totpSecret: text('totp_secret'),
    /** A secret handed out by AssociateSoftwareToken and not yet verified, or null. */
    totpPendingSecret: text('totp_pending_secret'),
    /** True when sign-in asks for a TOTP code (SetUserMFAPreference). */
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Phone number, E.164 (`+4915112345678`), or null. */
    phoneNumber: text('phone_number'),
    /** True once the phone number was proven by an SMS code. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /**
     * A new email address waiting for its code (UpdateUserAttributes): the verified one stays in
     * use until VerifyUserAttribute proves the new one (Cognito's "keep original attribute value
     * active until verified").
     */
    pendingEmail: text('pending_email'),
    /** A new phone number waiting for its code, while a verified one stays in use. */
    pendingPhone: text('pending_phone'),
    /** True when sign-in may ask for an SMS code (SetUserMFAPreference, a verified phone). */
    smsMfaEnabled: boolean('sms_mfa_enabled').notNull().default(false),
    /**
     * True when the next sign-in must set a new password (NEW_PASSWORD_REQUIRED): set for users
     * an operator created with a temporary password.
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /** The preferred second factor, `SMS_MFA` or `SOFTWARE_TOKEN_MFA`, or null. */
    preferredMfa: text('preferred_mfa').$type<MfaType>(),
    /**
     * True while an operator has disabled the account (docs/operator-console.md): sign-in answers
     * NotAuthorizedException 'User is disabled.' and its sessions are revoked.
     */
    disabled: boolean('disabled').notNull().default(false),
  },
  // Unconfirmed sign-ups expire: the sweep finds them by age.
  (table) => [
    index('users_unconfirmed_created_idx')
      .on(table.createdAt)
      .where(sql`${table.confirmed} = false`),
  ],
);

/** A second factor. */
export type MfaType = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

/** A row of `users`. */
export type UserRow = typeof users.$inferSelect;

/** What a one-time code is for. */
export type CodePurpose = 'confirm' | 'reset' | 'verify_email' | 'verify_phone';

/** The pending sign-up confirmation and password reset code of each user (one per purpose). */
export const idpCodes = pgTable(
  'idp_codes',
  {
    /** The user. */
    sub: uuid('sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** `confirm` (sign-up), `reset` (forgotten password), `verify_email` or `verify_phone`. */
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    /** SHA-256 of `<sub>:<code>`, hex. */
    codeHash: text('code_hash').notNull(),
    /** After this the code is refused with ExpiredCodeException. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    /** Wrong codes tried against it; at the limit the code is dead. */
    attempts: integer('attempts').notNull().default(0),
    /** When the code was sent. */
    createdAt: timestamp('created_at', tz).notNull(),
  },
  (table) => [primaryKey({ columns: [table.sub, table.purpose] })],
);

/** Sign-in sessions: one refresh token per sign-in (its `origin_jti`). */
export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    /** SHA-256 of the opaque refresh token, hex. */
    tokenHash: text('token_hash').primaryKey(),
    /** The `origin_jti` claim of every id and access token of this session. */
    originJti: uuid('origin_jti').notNull().unique(),
    /** The user. */
    sub: uuid('sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** When the user authenticated (the tokens' `auth_time`). */
    authTime: timestamp('auth_time', tz).notNull(),
    /** After this the refresh token is refused. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    /** Set by RevokeToken and GlobalSignOut: the session's tokens stop working. */
    revoked: boolean('revoked').notNull().default(false),
  },
  // By expiry within a user: a sign-in's sweep of the user's expired sessions reads those only.
  (table) => [index('idp_refresh_tokens_sub_expires_idx').on(table.sub, table.expiresAt)],
);

/**
 * Pending SRP challenges (InitiateAuth -> RespondToAuthChallenge), each usable once. A
 * challenge for an unknown user is stored too, with no `sub`, so that it fails exactly as a
 * wrong password does (Cognito's "prevent user existence errors").
 */
export const idpSrpChallenges = pgTable(
  'idp_srp_challenges',
  {
    /** SHA-256 of the SECRET_BLOCK bytes, hex. */
    secretHash: text('secret_hash').primaryKey(),
    /** The user; null for the decoy challenge of an unknown user. */
    sub: uuid('sub').references(() => users.sub, { onDelete: 'cascade' }),
    /**
     * The session key K both sides derive (16 bytes, hex) of a device challenge; empty for a
     * password challenge, whose K travels sealed in its SECRET_BLOCK (actions/srpSecretBlock.ts).
     */
    sessionKey: text('session_key').notNull(),
    /** The remembered device of a device SRP challenge (DEVICE_SRP_AUTH); null for a password. */
    deviceKey: text('device_key'),
    /** After this the challenge is refused. */
    expiresAt: timestamp('expires_at', tz).notNull(),
    /**
     * The address of the client that started it (InitiateAuth's SRP start: its challenges in
     * flight are bounded); null for a device SRP challenge.
     */
    caller: text('caller'),
  },
  (table) => [
    index('idp_srp_challenges_expires_idx').on(table.expiresAt),
    index('idp_srp_challenges_caller_idx').on(table.caller, table.expiresAt),
  ],
);

/**
 * Sign-in sessions between a challenge and its answer (SMS_MFA, SOFTWARE_TOKEN_MFA,
 * SELECT_MFA_TYPE, MFA_SETUP, DEVICE_SRP_AUTH): the opaque `Session` string is stored hashed,
 * expires after 3 minutes and is used once.
 */
export const idpAuthSessions = pgTable('idp_auth_sessions', {
  /** SHA-256 of the Session string, hex. */
  sessionHash: text('session_hash').primaryKey(),
  /** The user who proved their password. */
  sub: uuid('sub')
    .notNull()
    .references(() => users.sub, { onDelete: 'cascade' }),
  /** The challenge the session answers, e.g. `SOFTWARE_TOKEN_MFA`. */
  challenge: text('challenge').notNull(),
  /** SHA-256 of `<sub>:<code>` of the SMS code sent for an SMS_MFA challenge, hex. */
  codeHash: text('code_hash'),
  /** The device key the client signed in from (DEVICE_KEY), if any. */
  deviceKey: text('device_key'),
  /** A TOTP secret associated during sign-in (MFA_SETUP), not yet verified. */
  pendingTotpSecret: text('pending_totp_secret'),
  /** After this the session is refused. */
  expiresAt: timestamp('expires_at', tz).notNull(),
});

/**
 * Tracked devices (Cognito's device tracking, user opt-in): every successful sign-in without a
 * known device gets one (NewDeviceMetadata); ConfirmDevice stores its SRP verifier; a
 * remembered device signs in by device SRP (DEVICE_SRP_AUTH) instead of the second factor.
 */
export const idpDevices = pgTable(
  'idp_devices',
  {
    /** Device key, `<region>_<uuid>` as Cognito's. */
    deviceKey: text('device_key').primaryKey(),
    /** The owner. */
    sub: uuid('sub')
      .notNull()
      .references(() => users.sub, { onDelete: 'cascade' }),
    /** The device group key (the SRP "pool name" of the device). */
    groupKey: text('group_key').notNull(),
    /** SRP salt, hex; null until ConfirmDevice. */
    salt: text('salt'),
    /** SRP verifier, hex; null until ConfirmDevice. */
    verifier: text('verifier'),
    /** The device's name (the browser's user agent), `device_name` attribute. */
    name: text('name'),
    /** True when the user chose to remember the device (UpdateDeviceStatus). */
    remembered: boolean('remembered').notNull().default(false),
    createdAt: timestamp('created_at', tz).notNull(),
    lastModifiedAt: timestamp('last_modified_at', tz).notNull(),
    lastAuthenticatedAt: timestamp('last_authenticated_at', tz).notNull(),
  },
  (table) => [
    index('idp_devices_sub_idx').on(table.sub, table.createdAt),
    // A user's devices not remembered, newest first: the sign-in's trim (devices.ts) reads the
    // ones it keeps and one past them, never the rows of devices already deleted.
    index('idp_devices_forgettable_idx')
      .on(
        table.sub,
        table.lastAuthenticatedAt.desc().nullsFirst(),
        table.deviceKey.desc().nullsFirst(),
      )
      .where(sql`NOT ${table.remembered}`),
  ],
);

/** A row of `idp_devices`. */
export type DeviceRow = typeof idpDevices.$inferSelect;

/** RS256 token-signing keys; the oldest signs, all are published in the JWKS. */
export const idpSigningKeys = pgTable('idp_signing_keys', {
  /** JWK `kid`. */
  kid: text('kid').primaryKey(),
  /** The private key as a JWK. */
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  /** The public key as a JWK (with kid, alg and use). */
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  /** When the key was generated. */
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});

/** Fixed-window counters of throttled attempts (code sends, code checks). */
export const idpThrottle = pgTable('idp_throttle', {
  /** What is counted, e.g. `send:<email>`. */
  key: text('key').primaryKey(),
  /** Start of the current window. */
  windowStart: timestamp('window_start', tz).notNull(),
  /** Attempts in the current window. */
  count: integer('count').notNull(),
});

/**
 * Progressive password lockout (as Cognito): each password check is reserved here
 * before it runs (`failures` + 1) and refunded when it succeeds; from the fifth failure on the
 * key is locked for 1 s, doubling with each further failure up to 15 minutes.
 */
export const idpPasswordLockouts = pgTable('idp_password_lockouts', {
  /** `sub:<sub>` for a user, `name:<login name>` for a name that belongs to nobody. */
  key: text('key').primaryKey(),
  /** Password checks reserved and not refunded (consecutive failures). */
  failures: integer('failures').notNull(),
  /** Until when checks are refused; null when not locked. */
  lockedUntil: timestamp('locked_until', tz),
  /** The last reservation: failures are forgotten after a quiet spell (lockout.ts). */
  updatedAt: timestamp('updated_at', tz).notNull(),
});

/**
 * Random server secrets, made on first use and shared by every process of a fleet through the
 * database: e.g. the key of the email hashes and of the decoy SRP answers. Never logged.
 */
export const serverSecrets = pgTable('server_secrets', {
  /** What the secret is for, e.g. `email-hash`. */
  name: text('name').primaryKey(),
  /** 32 random bytes, hex. */
  value: text('value').notNull(),
});

/** The local mailbox (embedded mode): every mail the identity provider sent. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    /** Sequence number (orders mails sent in the same millisecond). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Recipient, lower-cased. */
    to: text('to').notNull(),
    /** Subject line. */
    subject: text('subject').notNull(),
    /** Plain-text body. */
    text: text('text').notNull(),
    /** The code the mail carries. */
    code: text('code').notNull(),
    /** When it was sent. */
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (table) => [index('dev_mailbox_to_idx').on(table.to, table.id)],
);

/** The local SMS outbox (embedded mode): every text message the identity provider sent. */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    /** Sequence number. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Recipient phone number, E.164. */
    to: text('to').notNull(),
    /** The message. */
    text: text('text').notNull(),
    /** The code the message carries. */
    code: text('code').notNull(),
    /** When it was sent. */
    sentAt: timestamp('sent_at', tz).notNull(),
  },
  (table) => [index('dev_sms_outbox_to_idx').on(table.to, table.id)],
);
