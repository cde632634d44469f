/**
 * End to end, in Debian's Chromium against the real server on the built SPA: sign up,
 * confirm, sign in, open the Account page and turn an authenticator app on with a code the test
 * computes (otplib) from the secret shown; sign out and in: the code is asked, given, and
 * "Remember this device" ticked; sign out and in again: no code. The Account page shows this
 * device remembered; the email changes with the code from the local mailbox (the page and the
 * account menu show the new one, which signs in); forgetting this device brings the code back.
 * A screenshot of the Account page goes to /tmp/account.png. No console errors.
 *
 * The provider accepts each 30 s TOTP step once, so each code is made in a step after the last
 * one used (waiting for the next step when needed).
 */
import { authenticator } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import {
  chromiumMissing,
  collectErrors,
  E2E_PASSWORD,
  launchChromium,
  startServer,
  type RunningServer,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;

/** Where the Account page's screenshot goes. */
const SCREENSHOT = '/tmp/account.png';
/** TOTP step, in milliseconds (RFC 6238's default, the provider's). */
const STEP_MS = 30_000;

suite('two-factor sign-in and remembered devices in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  /** The last TOTP step whose code was used. */
  let lastStep = -1;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    page.setDefaultTimeout(30_000);
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

  /** The authenticator's code for `secret` in a step not used yet (waits for one if needed). */
  async function freshCode(secret: string): Promise<string> {
    while (Math.floor(Date.now() / STEP_MS) <= lastStep) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Generated at one instant, and that instant's step noted.
    const now = Date.now();
    lastStep = Math.floor(now / STEP_MS);
    return authenticator.clone({ epoch: now }).generate(secret);
  }

  const form = (title: string) => page.getByRole('form', { name: title });

  /**
   * Opens the account menu (labelled by `email`, a hover popup), clicks `entry` and waits for
   * `path`. Retried: a toast passing over the header can close the popup under the mouse.
   */
  async function accountMenu(email: string, entry: string, path: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        await page.mouse.move(0, 700);
        await page.getByRole('menuitem', { name: email }).hover({ timeout: 10_000 });
        await page.getByRole('menuitem', { name: entry }).click({ timeout: 10_000 });
        await page.waitForURL(`${server.origin}${path}`, { timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }

  /** Fills the sign-in form on /login and submits it. */
  async function submitSignIn(email: string) {
    const signInForm = form('Sign In');
    await signInForm.getByLabel('Email').fill(email);
    await signInForm.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await signInForm.getByRole('button', { name: 'Sign In' }).click();
  }

  /** Answers the authenticator code step, ticking "Remember this device" when asked. */
  async function answerCode(secret: string, remember: boolean) {
    const step = form('Two-Factor Authentication');
    await step.waitFor();
    const box = step.getByRole('checkbox', { name: 'Remember this device' });
    expect(await box.isChecked()).toBe(false);
    if (remember) await box.check();
    await step.getByLabel('Authenticator code').fill(await freshCode(secret));
    await step.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.origin}/`);
  }

  /** The devices table's row of this browser. */
  const thisDevice = () =>
    page.locator('tr.ant-table-row').filter({ has: page.getByText('This device') });

  it('asks for the code, remembers the device, and asks again once it is forgotten', async () => {
    const email = `e2e.mfa.${Date.now()}@example.com`;
    const renamed = `e2e.mfa.renamed.${Date.now()}@example.com`;

    // Sign up, confirm, sign in.
    await page.goto(`${server.origin}/signup`);
    const signUpForm = form('Sign Up');
    await signUpForm.getByLabel('Email').fill(email);
    await signUpForm.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await signUpForm.getByLabel('Confirm Password').fill(E2E_PASSWORD);
    await signUpForm.getByRole('button', { name: 'Create Account' }).click();
    const confirmForm = form('Confirm Sign Up');
    await confirmForm.waitFor();
    await confirmForm.getByLabel('Code').fill(await mailedCode(email));
    await confirmForm.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await submitSignIn(email);
    await page.waitForURL(`${server.origin}/`);

    // Account page: turn the authenticator app on with a code computed from the shown secret.
    await accountMenu(email, 'Account Settings', '/account');
    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const turnOn = form('Confirm Authenticator App');
    await turnOn.getByLabel('Authenticator code').fill(await freshCode(secret));
    await turnOn.getByRole('button', { name: 'Turn On' }).click();
    await page
      .getByText(
        'Two-factor authentication is on: signing in asks for a code from your authenticator app.',
      )
      .waitFor();

    // Sign out, sign in: the code is asked; remember this device.
    await accountMenu(email, 'Logout', '/login');
    await submitSignIn(email);
    await answerCode(secret, true);

    // Sign out, sign in again: no code (the device proves itself).
    await accountMenu(email, 'Logout', '/login');
    await submitSignIn(email);
    await page.waitForURL(`${server.origin}/`);
    expect(await form('Two-Factor Authentication').count()).toBe(0);

    // The Account page shows this device, remembered.
    await accountMenu(email, 'Account Settings', '/account');
    await thisDevice().waitFor();
    expect(await thisDevice().getByText('Remembered', { exact: true }).count()).toBe(1);
    expect(await thisDevice().innerText()).toMatch(/Chrome on Linux/);

    // Change the email with the mailed code: the page and the account menu show the new one.
    await page.getByRole('button', { name: 'Change Email' }).click();
    const change = form('Change Email');
    await change.getByLabel('New email').fill(renamed);
    await change.getByRole('button', { name: 'Send Code' }).click();
    const verify = form('Verify Email');
    await verify.waitFor();
    await verify.getByLabel('Verification code').fill(await mailedCode(renamed));
    await verify.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Your email is now ${renamed}.`).waitFor();
    await page.getByTestId('current-email').getByText(renamed).waitFor();
    await page.getByRole('menuitem', { name: renamed }).waitFor();
    await page.getByText(`Your email is now ${renamed}.`).waitFor({ state: 'hidden' });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // Forget this device: signing in (with the new email) asks for the code again.
    await thisDevice()
      .getByRole('button', { name: /^Forget .* \(this device\)$/ })
      .click();
    await page
      .getByText('Device forgotten: signing in from it asks for your code again.')
      .waitFor();
    await accountMenu(renamed, 'Logout', '/login');
    await submitSignIn(renamed);
    await answerCode(secret, false);
    await page.getByRole('menuitem', { name: renamed }).waitFor();

    // Not remembered this time: the code is asked again.
    await accountMenu(renamed, 'Logout', '/login');
    await submitSignIn(renamed);
    await answerCode(secret, false);
    expect(errors).toEqual([]);
  }, 360_000);
});
