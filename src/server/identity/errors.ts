/**
 * Errors of the identity provider, with Cognito's error names (`__type`) and messages. The
 * client (amazon-cognito-identity-js) turns a non-2xx `{__type, message}` answer into an Error
 * whose `code` and `name` are the `__type`.
 */

/** A Cognito user-pool API error: answered with `statusCode` and `{__type, message}`. */
export class IdpError extends Error {
  /** Cognito's error name, e.g. `NotAuthorizedException`. */
  readonly type: string;
  /** HTTP status (Cognito answers 400 for client errors). */
  readonly statusCode: number;

  /** Creates an error of `type` with `message`. */
  constructor(type: string, message: string, statusCode = 400) {
    super(message);
    this.name = type;
    this.type = type;
    this.statusCode = statusCode;
  }
}

/** The message of every failed password check. */
export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';
/** The message of a throttled code send or code check. */
export const ATTEMPT_LIMIT = 'Attempt limit exceeded, please try after some time.';

/** The errors the actions raise, by situation. */
export const idpErrors = {
  userExists: () => new IdpError('UsernameExistsException', 'User already exists'),
  emailExists: () =>
    new IdpError('UsernameExistsException', 'An account with the given email already exists.'),
  userNotFound: () => new IdpError('UserNotFoundException', 'User does not exist.'),
  usernameClientNotFound: () =>
    new IdpError('UserNotFoundException', 'Username/client id combination not found.'),
  incorrectCredentials: () => new IdpError('NotAuthorizedException', INCORRECT_CREDENTIALS),
  notConfirmed: () => new IdpError('UserNotConfirmedException', 'User is not confirmed.'),
  /** An account an operator disabled (docs/operator-console.md), as Cognito answers. */
  disabled: () => new IdpError('NotAuthorizedException', 'User is disabled.'),
  alreadyConfirmed: () =>
    new IdpError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
  codeMismatch: () =>
    new IdpError('CodeMismatchException', 'Invalid verification code provided, please try again.'),
  codeExpired: () =>
    new IdpError('ExpiredCodeException', 'Invalid code provided, please request a code again.'),
  attemptLimit: () => new IdpError('LimitExceededException', ATTEMPT_LIMIT),
  /** Cognito's answer while a user's password checks are locked out. */
  passwordAttemptsExceeded: () =>
    new IdpError('NotAuthorizedException', 'Password attempts exceeded'),
  invalidPassword: (reason: string) =>
    new IdpError('InvalidPasswordException', `Password did not conform with policy: ${reason}`),
  invalidParameter: (message: string) => new IdpError('InvalidParameterException', message),
  unknownClient: (clientId: string) =>
    new IdpError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`),
  invalidAccessToken: () => new IdpError('NotAuthorizedException', 'Invalid Access Token'),
  expiredAccessToken: () => new IdpError('NotAuthorizedException', 'Access Token has expired'),
  revokedAccessToken: () => new IdpError('NotAuthorizedException', 'Access Token has been revoked'),
  invalidRefreshToken: () => new IdpError('NotAuthorizedException', 'Invalid Refresh Token'),
  revokedRefreshToken: () =>
    new IdpError('NotAuthorizedException', 'Refresh Token has been revoked'),
  expiredRefreshToken: () => new IdpError('NotAuthorizedException', 'Refresh Token has expired'),
  invalidSession: () => new IdpError('NotAuthorizedException', 'Invalid session for the user.'),
  expiredSession: () =>
    new IdpError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
  softwareTokenMismatch: () => new IdpError('EnableSoftwareTokenMFAException', 'Code mismatch'),
  codeDeliveryFailure: () =>
    new IdpError('CodeDeliveryFailureException', 'Unable to deliver the verification code.'),
  smsNotConfigured: () =>
    new IdpError(
      'InvalidParameterException',
      'User pool does not have SMS configuration to send messages.',
    ),
  noPhoneForSmsMfa: () =>
    new IdpError(
      'InvalidParameterException',
      'User does not have delivery config set to turn on SMS_MFA',
    ),
  aliasExists: () =>
    new IdpError('AliasExistsException', 'An account with the given email already exists.'),
  notAuthorized: (message: string) => new IdpError('NotAuthorizedException', message),
  deviceNotFound: () => new IdpError('ResourceNotFoundException', 'Device does not exist.'),
  unsupportedAction: (action: string) =>
    new IdpError('InvalidParameterException', `Unsupported action: ${action}`),
} as const;
