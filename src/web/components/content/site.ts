/**
 * Contact points and project links that the informational pages share.
 */

/** Address for help with an account, a payment or a VPN. */
export const SUPPORT_EMAIL = 'support@peanutvpn.example';
/** Address for everything else: partnerships, press, self-hosting questions. */
export const GENERAL_EMAIL = 'hello@peanutvpn.example';
/** Public source repository of the project. */
export const REPOSITORY_URL = 'https://github.com/peanutvpn/peanutvpn';
/** Public issue tracker of the project. */
export const ISSUES_URL = `${REPOSITORY_URL}/issues`;
