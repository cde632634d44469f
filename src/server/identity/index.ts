/**
 * The embedded identity provider: a Cognito user-pool compatible API, its tokens and
 * the API's id-token verifier. See plugin.ts for wiring.
 */
export { default as identityPlugin } from './plugin';
export type { IdentityPluginOptions, IdentityService } from './plugin';
export {
  AUTH_FLOWS,
  DEFAULT_THROTTLE,
  type AuthFlow,
  type HookUser,
  type IdentityHooks,
  type ThrottleSettings,
} from './actions';
export type { IdentityDb, IdentityTx } from './db';
export { IdpError } from './errors';
export {
  createDbMailbox,
  createMailer,
  createMemoryMailbox,
  createSmtpMailer,
  type Mailbox,
  type Mailer,
  type MailboxEntry,
} from './mailer';
export * as identitySchema from './schema';
export {
  createExternalAccounts,
  type ExternalAccounts,
  type ExternalUser,
} from './externalAccounts';
export {
  createDbSmsOutbox,
  type SmsMessage,
  type SmsOutbox,
  type SmsOutboxEntry,
  type SmsSender,
} from './sms';
export { issuerOf } from './tokens';
export {
  createIdTokenVerifier,
  UnauthenticatedError,
  type IdTokenVerifier,
  type TrustedIssuer,
  type VerifiedIdentity,
} from './verifier';
