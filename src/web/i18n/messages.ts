/**
 * The messages that the SPA shows as they come (the API's, the identity service's and the
 * create flow's: spec §2, §5, §8): the API keeps them in English (a contract), and the SPA shows
 * a translation of each known one. A message with values (`{{given}}`) is matched as a pattern;
 * an unknown message shows as it is.
 */
import { fill, type Texts } from './translator';

/** The known messages (English, exact; namespace `messages`). */
export const MESSAGE_TEXT = {
  provisioning:
    'Your VPN is provisioning, please be patient. It should appear at the top of the list above.',
  running: 'Your VPN is running: download its configuration from the list above.',
  windowBlocked: 'Could not open new window',
  backend: 'An error happened in the backend',
  authFlow: 'Authentication flow type is invalid.',
  noSession: 'Cannot retrieve a new session. Please authenticate',
  ownCode: 'Cannot use your own referral code',
  clientSide: 'Client-side error',
  codeFormat: 'Code must be of 8 hexadecimal digits, e.g.: ABCDEF12',
  referralError: 'Error with referral code: {{code}}: {{reason}}',
  internal: 'Internal Error',
  badCode: 'Invalid verification code',
  noIdToken: 'Local storage is missing an ID Token, Please authenticate',
  network: 'Network error',
  newPassword: 'New password is required.',
  passwordParameter: 'PASSWORD parameter is required',
  notEnough: 'Not enough peanuts, you specified: {{given}} and you have {{balance}}.',
  codeUsed: 'Referral code has already been used',
  codeExpired: 'Referral code has expired',
  referralDisabled: 'Referral service is currently disabled.',
  stateUnsupported: 'State is not supported (yet?)',
  suspicious: 'Suspicious activity detected',
  unknownCode: 'Unknown code',
  userExists: 'User already exists',
  userMissing: 'User does not exist.',
  notAuthenticated: 'User is not authenticated',
  needsAuthentication: 'User needs to be authenticated to call this API.',
  notEligible: 'User not eligible for referral program',
  userNotFound: 'User not found',
  usernameNull: 'Username is null. Cannot retrieve a new session',
  vpnNotFound: 'Vpn not found',
  incorrectCredentials: 'Incorrect username or password.',
  emailExists: 'An account with the given email already exists.',
  badCodeRetry: 'Invalid verification code provided, please try again.',
  requestNewCode: 'Invalid code provided, please request a code again.',
  attemptLimit: 'Attempt limit exceeded, please try after some time.',
  passwordAttempts: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  codeMismatch: 'Code mismatch',
  unknownError: 'An unknown error has occurred.',
  tooManySignIns: 'Too many sign-ins in progress from this address; try again later.',
  emailFormat: 'Invalid email address format.',
  phoneFormat: 'Invalid phone number format.',
  newSessionPlease: 'Cannot retrieve a new session. Please authenticate.',
  cannotDeliver: 'Unable to deliver the verification code.',
  emailVerified: 'Email is already verified.',
  emailNotVerified: 'Cannot send a sign-in code: the email is not verified.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  clientSideDetail: 'Client-side error: {{detail}}',
  timeout: 'Timeout {{seconds}} expires!',
  listErrors: '{{count}} errors occured while listing vpns. See the console log for details',
  minPeanuts:
    'Minimum number of peanuts should be {{min}}, you specified: {{given}} and you have {{balance}}.',
  maxPeanuts:
    'Maximum number of peanuts should be {{max}}, you specified: {{given}} and you have {{balance}}.',
  minDeleteAfter: 'deleteAfter must be greater than {{min}}, you specified: {{given}}.',
  maxDeleteAfter: 'deleteAfter must be lesser than {{max}}, you specified: {{given}}.',
  quota: 'User already has {{count}} active vpns. Quota reached.',
  sessionNotFound: 'No session found',
  incorrectRegion: "Incorrect region: '{{region}}'",
  createError: 'Error during creation of vpn in: {{region}}: {{body}}',
  deleteError: 'Error during deletion of vpn: {{vpnId}}: {{body}}',
  sessionNotReady: 'Session not ready. Please wait and try again.',
  validationFailed: 'Unable to validate referral code. Please try again.',
  referrerLoadFailed: 'Failed to load referrer code',
} as const;

type MessageKey = keyof typeof MESSAGE_TEXT;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each patterned message: its key, its placeholders' names and its pattern. */
const PATTERNS = (Object.keys(MESSAGE_TEXT) as MessageKey[])
  .filter((key) => MESSAGE_TEXT[key].includes('{{'))
  .map((key) => {
    const names = [...MESSAGE_TEXT[key].matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
    const source = escape(MESSAGE_TEXT[key]).replace(/\\\{\\\{\w+\\\}\\\}/g, '(.+?)');
    return { key, names, pattern: new RegExp(`^${source}$`) };
  });

const EXACT = new Map<string, MessageKey>(
  (Object.keys(MESSAGE_TEXT) as MessageKey[]).map((key) => [MESSAGE_TEXT[key], key]),
);

/**
 * `english` in the language of `text` when it is a known message, else `english` as it is. A
 * pattern's values are translated too when they are known messages themselves (e.g. the
 * `detail` of 'Client-side error: {{detail}}').
 */
export function translateMessage(text: Texts<typeof MESSAGE_TEXT>, english: string): string {
  const key = EXACT.get(english);
  if (key) return text[key];
  for (const { key: patterned, names, pattern } of PATTERNS) {
    const match = pattern.exec(english);
    if (match) {
      return fill(
        text[patterned],
        Object.fromEntries(names.map((name, i) => [name, translateMessage(text, match[i + 1])])),
      );
    }
  }
  return english;
}
