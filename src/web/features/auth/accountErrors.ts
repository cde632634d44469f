/**
 * Clear messages for the Account page's identity errors, from Cognito's error names;
 * an error without one of these names shows the provider's own message.
 */
import { authErrorCode, authErrorMessage } from './authThunks';

/** What the page says for each Cognito error name. */
export const ACCOUNT_ERROR_TEXTS: Readonly<Record<string, string>> = {
  AliasExistsException: 'Another account already uses this email address.',
  CodeMismatchException: 'This code is not the one we sent. Check it and try again.',
  ExpiredCodeException: 'This code has expired. Send a new code and enter it.',
  LimitExceededException: 'Too many attempts. Wait a few minutes, then try again.',
  TooManyRequestsException: 'Too many requests. Wait a moment, then try again.',
  ResourceNotFoundException: 'This device is no longer on your account.',
  NotAuthorizedException: 'Your session has ended. Sign in again.',
  NetworkError: 'The service cannot be reached. Check your connection and try again.',
};

/** The message to show for a failed Account page operation. */
export function accountErrorMessage(error: unknown): string {
  return ACCOUNT_ERROR_TEXTS[authErrorCode(error) ?? ''] ?? authErrorMessage(error);
}
