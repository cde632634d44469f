/**
 * The texts of the small pages (English, spec §2 "Pricing", "Other screens"; namespace
 * `pages`): Pricing and Unregister.
 */
export const PAGES_TEXT = {
  pricing: {
    title: 'Pricing',
    intro:
      'A VPN must be given peanuts when it is created, and it ends when they are consumed. Peanuts pay for server time and network traffic; there is no subscription.',
    estimates: 'Duration estimates are informational only, because they vary by region.',
  },
  unregister: {
    title: 'Unregister',
    warning:
      'This will delete your account! There is no way to rollback. Please double check this is what you want to do.',
    deregisteredTitle: 'You have been deregistered',
    deregisteredText:
      'Your account has been deleted. If you have any questions, please contact us.',
    contactUs: 'Contact us',
    confirmTitle: 'Delete your account?',
    confirmOk: 'Delete My Account',
    cancel: 'Cancel',
    button: 'Delete Your Account',
    authenticate: 'Please authenticate',
  },
} as const;
