/**
 * End to end, in Debian's Chromium against the real server on the built SPA: sign up,
 * read the code from the local mailbox, confirm, sign in, see the balance 10, reload and stay
 * signed in, change the password, sign out, sign in with the new password, delete the account,
 * and fail to sign in. No console errors, except the identity provider's 400 answering the last
 * sign-in, which Chromium logs as a failed resource load.
 */
import type { Browser, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  launchChromium,
  startServer,
  type RunningServer,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

const PASSWORD = 'Peanut-Passw0rd';
const NEW_PASSWORD = 'Changed-Passw0rd!';

suite('identity and accounts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Fail a step with its locator rather than the whole test with a time-out.
    page.setDefaultTimeout(15_000);
    errors = collectErrors(page);
  });
  afterEach(async () => {
    await page.close();
  });

  /** The newest code mailed to `email`. */
  async function mailedCode(email: string): Promise<string> {
    const response = await fetch(`${server.origin}/dev/mailbox/${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    const [mail] = (await response.json()) as { to: string; code: string }[];
    expect(mail?.to).toBe(email);
    return mail.code;
  }

  /** The authenticator's form titled `title`. */
  const form = (title: string) => page.getByRole('form', { name: title });

  /** Signs in from /login and waits for the dashboard's balance. */
  async function signIn(email: string, password: string) {
    const signInForm = form('Sign In');
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(password);
    await signInForm.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.origin}/`);
  }

  /** The balance badge's amount, once loaded. */
  async function balanceText(): Promise<string> {
    const amount = page.getByRole('status', { name: 'Balance' }).getByTestId('balance-amount');
    await amount.waitFor();
    return (await amount.innerText()).trim();
  }

  /**
   * Opens the account menu (labelled by `email`, a hover popup), clicks `entry` and waits for
   * `path`. Retried: a toast passing over the header can close the popup under the mouse.
   */
  async function accountMenu(email: string, entry: string, path: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.mouse.move(0, 600);
        await page.getByRole('menuitem', { name: email }).hover({ timeout: 10_000 });
        await page.getByRole('menuitem', { name: entry }).click({ timeout: 10_000 });
        await page.waitForURL(`${server.origin}${path}`, { timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }

  it('signs up, confirms, signs in, stays signed in, changes the password, signs out, deletes the account', async () => {
    const email = `e2e.${Date.now()}@example.com`;

    // Sign up.
    await page.goto(`${server.origin}/signup`);
    const signUpForm = form('Sign Up');
    await signUpForm.getByLabel('Email').fill(email);
    await signUpForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUpForm.getByLabel('Confirm Password').fill(PASSWORD);
    await signUpForm.getByRole('button', { name: 'Create Account' }).click();

    // Confirm with the mailed code: back to sign-in with the email filled.
    const confirmForm = form('Confirm Sign Up');
    await confirmForm.waitFor();
    await confirmForm.getByLabel('Code').fill(await mailedCode(email));
    await confirmForm.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await page.getByText('Your account is confirmed. Sign in with your password.').waitFor();
    expect(await form('Sign In').getByLabel('Email').inputValue()).toBe(email);

    // Sign in: the dashboard shows the sign-up bonus and the account menu the email.
    await signIn(email, PASSWORD);
    expect(await balanceText()).toBe('10.00');
    await page.getByRole('menuitem', { name: email }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

    // Reload: still signed in.
    await page.reload();
    expect(await balanceText()).toBe('10.00');
    await page.getByRole('menuitem', { name: email }).waitFor();

    // Change the password from the account menu.
    await accountMenu(email, 'Password Change', '/password');
    const passwordForm = page.getByRole('form', { name: 'Password Change' });
    await passwordForm.getByLabel('Current Password').fill(PASSWORD);
    await passwordForm.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await passwordForm.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    const changed = page.getByText('Password is successfully changed!');
    await changed.waitFor();
    await page.waitForURL(`${server.origin}/`);
    await changed.waitFor({ state: 'hidden' });

    // Sign out.
    await accountMenu(email, 'Logout', '/login');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();

    // Sign in with the new password.
    await signIn(email, NEW_PASSWORD);
    expect(await balanceText()).toBe('10.00');

    // Delete the account.
    await accountMenu(email, 'Delete Your Account', '/unregister');
    await page.getByRole('button', { name: 'Delete Your Account' }).click();
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByText('You have been deregistered').filter({ visible: true }).waitFor();
    await page.waitForURL(`${server.origin}/login`);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(errors).toEqual([]);

    // Signing in fails now.
    const signInForm = form('Sign In');
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Incorrect username or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors.every((e) => /status of 400/.test(e))).toBe(true);
  }, 120_000);

  it('sends a visitor of a protected page to /login and back there after signing in', async () => {
    const email = `e2e.guard.${Date.now()}@example.com`;
    await page.goto(`${server.origin}/signup`);
    const signUpForm = form('Sign Up');
    await signUpForm.getByLabel('Email').fill(email);
    await signUpForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signUpForm.getByLabel('Confirm Password').fill(PASSWORD);
    await signUpForm.getByRole('button', { name: 'Create Account' }).click();
    const confirmForm = form('Confirm Sign Up');
    await confirmForm.waitFor();
    await confirmForm.getByLabel('Code').fill(await mailedCode(email));
    await confirmForm.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.origin}/login`);

    await page.goto(`${server.origin}/password`);
    await page.waitForURL(`${server.origin}/login`);
    const signInForm = form('Sign In');
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${server.origin}/password`);
    await page.getByRole('form', { name: 'Password Change' }).waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
