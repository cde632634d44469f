/**
 * The embedded identity provider: a Cognito user-pool compatible API, its tokens and
 * the API's id-token verifier. See plugin.ts for wiring.
 */
export { default as identityPlugin } from './plugin';
export { AUTH_FLOWS, type HookUser } from './actions';
export type { IdentityTx } from './db';
export { createMailer, type Mailbox } from './mailer';
export * as identitySchema from './schema';
export {
  createExternalAccounts,
  isExternalUsername,
  type ExternalAccounts,
} from './externalAccounts';
export {
  createCognitoPool,
  CognitoPoolError,
  parseCognitoIssuer,
  type CognitoPool,
} from './cognitoPool';
export { createDbSmsOutbox, type SmsOutbox } from './sms';
export {
  createIdTokenVerifier,
  UnauthenticatedError,
  type IdTokenVerifier,
  type TrustedIssuer,
  type VerifiedIdentity,
} from './verifier';
