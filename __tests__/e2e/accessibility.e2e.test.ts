/**
 * Accessibility and colour schemes in Debian's Chromium against the real server:
 * - axe-core finds no serious or critical violation on any page of the route table, signed out
 *   and signed in (with a Running VPN on the dashboard), light and dark, and each page has
 *   exactly one h1; screenshots of the landing page, dashboard and account in both schemes go
 *   to `dist/e2e/`;
 * - the prerendered landing page is dark before any script runs on a dark device (no light
 *   flash) and light on a light one;
 * - the header's picker: signed out it lasts until reload and stores nothing; signed in it is
 *   kept on the account and applied at the next sign-in, local storage holding only
 *   authentication;
 * - the main job by keyboard alone: sign in, create a VPN, download its config, delete it;
 * - languages (docs/languages.md): the home page and the dashboard in each language the browser
 *   asks for, no visible text left in English, `<html lang>` following; the header's picker;
 *   a signed-in pick kept on the account and applied at the next sign-in.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PEANUT_TOKENS, type ColorScheme } from '../../src/web/components/tokens';
import { computed, rgb, routePaths, seriousViolations, tabTo, type Violation } from './a11yHelpers';
import { englishLeft } from './englishLeft';
import {
  E2E_PASSWORD,
  chromiumMissing,
  collectErrors,
  launchChromium,
  signUpAndIn,
  startServer,
  vpnRows,
  type RunningServer,
  SHOTS,
} from './support';

const skipReason = chromiumMissing();
const suite = skipReason ? describe.skip : describe;
const VIEWPORT = { width: 1280, height: 900 };
const SCHEMES: ColorScheme[] = ['light', 'dark'];
/** Pages whose screenshots are kept, by path. */
const SHOT_NAMES: Record<string, string> = { '/': 'home', '/account': 'account' };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

suite('accessibility and colour schemes', () => {
  let browser: Browser;
  let server: RunningServer;
  /** The session of a user with a Running VPN. */
  let signedIn: StorageState;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launchChromium();
    // Metering once an hour: the setup's VPN stays Running through every walk.
    server = await startServer({ SIMULATED_STEP_MS: '300', METER_INTERVAL_S: '3600' });
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await signUpAndIn(page, server.origin, 'axe-e2e@example.com');
    await page.getByRole('button', { name: 'Create a VPN in Paris, France' }).click();
    await vpnRows(page).first().getByText('Running').waitFor({ timeout: 60_000 });
    signedIn = await context.storageState();
    await context.close();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A page of a new context in `scheme`, signed in with `session` when given. */
  async function openPage(scheme: ColorScheme, session?: StorageState, javaScript = true) {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      colorScheme: scheme,
      storageState: session,
      acceptDownloads: true,
      javaScriptEnabled: javaScript,
    });
    const page = await context.newPage();
    return { context, page, errors: collectErrors(page) };
  }

  /**
   * Opens `route` and waits until its page is drawn (its h1, no request pending). index.html
   * holds the prerendered landing page (with its h1) for every path: the app hydrates it only at
   * `/` signed out and replaces it everywhere else, so until then its h1 says nothing.
   */
  async function visit(page: Page, route: string): Promise<void> {
    await page.goto(`${server.origin}${route}`);
    const signedIn = await page.evaluate(() =>
      Object.keys(localStorage).some((key) => key.startsWith('CognitoIdentityServiceProvider.')),
    );
    if (route !== '/' || signedIn) {
      await page.locator('#landing-shell').waitFor({ state: 'detached', timeout: 30_000 });
    }
    if (route === '/' && signedIn) {
      await page.getByRole('heading', { name: 'Your VPNs' }).waitFor({ timeout: 30_000 });
      await vpnRows(page).first().getByText('Running').waitFor({ timeout: 30_000 });
    }
    await page.locator('h1').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
  }

  /**
   * Waits until no finite animation or transition runs (antd's appear animations and colour
   * transitions), so that the colours are measured as they end; a fixed pause was too short on
   * a busy machine.
   */
  async function animationsDone(page: Page): Promise<void> {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    );
  }

  /** Switches the device's scheme and waits until the page is repainted in it. */
  async function switchScheme(page: Page, scheme: ColorScheme): Promise<void> {
    await page.emulateMedia({ colorScheme: scheme });
    const bodyBg = rgb(PEANUT_TOKENS[scheme].bodyBg);
    await page.waitForFunction(
      (expected) =>
        getComputedStyle(document.querySelector('.ant-layout')!).backgroundColor === expected,
      bodyBg,
    );
    await animationsDone(page);
  }

  // Each page is loaded once and checked in both schemes: the app follows the device's scheme
  // live, as a person switching their system to dark at night sees it.
  describe.each([
    ['signed out', false],
    ['signed in', true],
  ])('%s', (label, withSession) => {
    it('every page has one h1 and no serious or critical axe violation in light and in dark', async () => {
      const { context, page, errors } = await openPage(
        SCHEMES[0],
        withSession ? signedIn : undefined,
      );
      const found: Record<string, Violation[] | string> = {};
      for (const route of routePaths()) {
        await visit(page, route);
        for (const scheme of SCHEMES) {
          if (scheme !== SCHEMES[0]) await switchScheme(page, scheme);
          const key = `${scheme} ${route}`;
          const h1s = await page.locator('h1').count();
          if (h1s !== 1) found[key] = `${h1s} h1 elements`;
          const violations = await seriousViolations(page);
          if (violations.length > 0) found[key] = violations;
          const shot = SHOT_NAMES[route];
          if (shot) {
            const name = `${shot}-${label.replace(' ', '-')}-${scheme}.png`;
            await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
          }
        }
        await page.emulateMedia({ colorScheme: SCHEMES[0] });
      }
      await context.close();
      expect(found).toEqual({});
      expect(errors).toEqual([]);
    }, 300_000);
  });

  it.each(SCHEMES)(
    'paints the prerendered landing page in the %s scheme before any script runs',
    async (scheme) => {
      const { context, page } = await openPage(scheme, undefined, false);
      await page.goto(server.origin);
      await page.locator('#landing-shell h1').waitFor();
      const tokens = PEANUT_TOKENS[scheme];
      expect(await computed(page, 'html', 'background-color')).toBe(rgb(tokens.bodyBg));
      expect(await computed(page, '#landing-shell .ant-layout', 'background-color')).toBe(
        rgb(tokens.bodyBg),
      );
      expect(await computed(page, '#landing-shell .ant-layout-header', 'background-color')).toBe(
        rgb(tokens.headerBg),
      );
      const heading = await computed(page, '#landing-shell h1', 'color');
      expect(heading).toBe(scheme === 'dark' ? 'rgba(255, 255, 255, 0.85)' : 'rgba(0, 0, 0, 0.88)');
      await page.screenshot({ path: path.join(SHOTS, `landing-prerendered-${scheme}.png`) });
      await context.close();
    },
  );

  /** Picks `choice` (Light, Dark, System) in the header's theme menu. */
  async function pick(page: Page, choice: string): Promise<void> {
    await page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: choice });
  }

  const layoutBg = (page: Page) => computed(page, '.ant-layout', 'background-color');

  it('keeps a signed-out pick until reload and stores nothing', async () => {
    const { context, page, errors } = await openPage('dark');
    await visit(page, '/');
    expect(await layoutBg(page)).toBe(rgb(PEANUT_TOKENS.dark.bodyBg));
    await pick(page, 'Light');
    expect(await layoutBg(page)).toBe(rgb(PEANUT_TOKENS.light.bodyBg));
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await visit(page, '/');
    expect(await layoutBg(page)).toBe(rgb(PEANUT_TOKENS.dark.bodyBg));
    await context.close();
    expect(errors).toEqual([]);
  });

  it('keeps a signed-in pick on the account and applies it at the next sign-in', async () => {
    const { context, page, errors } = await openPage('light', signedIn);
    await visit(page, '/account');
    await pick(page, 'Dark');
    expect(await layoutBg(page)).toBe(rgb(PEANUT_TOKENS.dark.bodyBg));
    // Local storage holds authentication only (the identity library's keys).
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^CognitoIdentityServiceProvider\./);
    // A new visit with the same session (another device, as it were) reads it from the account.
    const other = await openPage('light', await context.storageState());
    await visit(other.page, '/account');
    await other.page.waitForFunction(
      () =>
        (document.querySelector('select[aria-label="Theme"]') as HTMLSelectElement)?.value ===
        'dark',
    );
    expect(await layoutBg(other.page)).toBe(rgb(PEANUT_TOKENS.dark.bodyBg));
    await other.context.close();
    // Back to the system's setting, for the other tests' sessions.
    await pick(page, 'System');
    await page.waitForLoadState('networkidle');
    expect(await layoutBg(page)).toBe(rgb(PEANUT_TOKENS.light.bodyBg));
    await context.close();
    expect(errors).toEqual([]);
  });

  it('signs in, creates a VPN, downloads its config and deletes it by keyboard alone', async () => {
    const email = 'keys-e2e@example.com';
    const setup = await openPage('light');
    await signUpAndIn(setup.page, server.origin, email);
    await setup.context.close();

    const { context, page, errors } = await openPage('light');
    await visit(page, '/login');
    await tabTo(page, /^Email$/);
    await page.keyboard.type(email);
    await tabTo(page, /^Password$/);
    await page.keyboard.type(E2E_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your VPNs' }).waitFor();

    await tabTo(page, /^Create a VPN in Paris, France$/, { limit: 300 });
    await page.keyboard.press('Enter');
    const row = vpnRows(page).first();
    await row.getByText('Running').waitFor({ timeout: 60_000 });
    const vpnId = await row.locator('[title]').first().getAttribute('title');

    await tabTo(page, new RegExp(`^Config: download the configuration of ${vpnId}$`), {
      limit: 300,
      backwards: true,
    });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^\d{10}euw3\.conf$/);

    await tabTo(page, new RegExp(`^Delete ${vpnId}$`));
    await page.keyboard.press('Enter');
    await page.locator('.ant-popconfirm').waitFor();
    await tabTo(page, /^Delete$/, { limit: 300 });
    await page.keyboard.press('Enter');
    await row.getByText('Deleted').waitFor({ timeout: 60_000 });
    await context.close();
    expect(errors).toEqual([]);
  }, 240_000);
  describe('languages', () => {
    /** The landing's h1 and the dashboard's list title in each language other than English. */
    const LANDMARKS = {
      fr: { home: 'Des VPN prépayés et temporaires', dashboard: 'Vos VPN' },
      de: { home: 'Vorausbezahlte, befristete VPNs', dashboard: 'Ihre VPNs' },
      es: { home: 'VPN prepagadas y temporales', dashboard: 'Tus VPN' },
      ja: { home: '前払い制・期間限定の VPN', dashboard: 'あなたの VPN' },
    } as const;

    /** A page of a new context whose browser asks for `locale`. */
    async function openIn(locale: string, scheme: ColorScheme, session?: StorageState) {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        colorScheme: scheme,
        locale,
        storageState: session,
      });
      const page = await context.newPage();
      return { context, page, errors: collectErrors(page) };
    }

    it.each(Object.keys(LANDMARKS) as (keyof typeof LANDMARKS)[])(
      "shows the home page and the dashboard in the browser's language (%s), no text left in English",
      async (code) => {
        const found: Record<string, string[]> = {};
        for (const [label, session] of [
          ['home', undefined],
          ['dashboard', signedIn],
        ] as const) {
          const scheme = code === 'ja' && label === 'dashboard' ? 'dark' : 'light';
          const { context, page, errors } = await openIn(code, scheme, session);
          await page.goto(`${server.origin}/`);
          await page.getByRole('heading', { name: LANDMARKS[code][label] }).waitFor();
          await page.waitForLoadState('networkidle');
          if (label === 'dashboard') await vpnRows(page).first().waitFor();
          await page.waitForTimeout(400);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
          // No visible text is left in English (the brand and ids aside: englishLeft.ts).
          const english = await englishLeft(page);
          if (english.length > 0) found[label] = english;
          await page.screenshot({
            path: path.join(SHOTS, `${label}-${code}-${scheme}.png`),
            fullPage: true,
          });
          expect(errors).toEqual([]);
          await context.close();
        }
        expect(found).toEqual({});
      },
      120_000,
    );

    it('finds the English texts when the page is in English (the check above can fail)', async () => {
      const { context, page } = await openIn('en-US', 'light', signedIn);
      await page.goto(`${server.origin}/`);
      await vpnRows(page).first().waitFor();
      const english = await englishLeft(page);
      expect(english).toEqual(expect.arrayContaining(['Your VPNs', 'Refresh']));
      await context.close();
    }, 120_000);

    it('switches with the header picker, <html lang> following, and stores nothing', async () => {
      const { context, page } = await openIn('en-US', 'light');
      await page.goto(`${server.origin}/`);
      await page.getByRole('heading', { name: 'Prepaid, temporary VPNs' }).waitFor();
      // The prerendered picker does nothing until the app hydrates the landing: the packs (not in
      // the prerendered page) say it has.
      await page.getByText('Starter').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('combobox', { name: 'Language' }).selectOption('ja');
      await page.getByRole('heading', { name: LANDMARKS.ja.home }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await page.getByRole('combobox', { name: '言語' }).selectOption('en');
      await page.getByRole('heading', { name: 'Prepaid, temporary VPNs' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      await context.close();
    }, 120_000);

    it('keeps a signed-in pick on the account and applies it at the next sign-in', async () => {
      const first = await openIn('en-US', 'light', signedIn);
      await first.page.goto(`${server.origin}/account`);
      const saved = first.page.waitForResponse(
        (response) =>
          response.url().endsWith('/v1/account/preferences') &&
          response.request().method() === 'PATCH',
      );
      await first.page.locator('#account-language').selectOption('de');
      expect((await saved).status()).toBe(200);
      await first.context.close();

      // A new browser asking for English: the account's German wins once signed in.
      const again = await openIn('en-US', 'light', signedIn);
      await again.page.goto(`${server.origin}/`);
      await again.page.getByRole('heading', { name: LANDMARKS.de.dashboard }).waitFor();
      expect(await again.page.evaluate(() => document.documentElement.lang)).toBe('de');
      // Back to English for the account (the other cases read its English texts).
      const back = again.page.waitForResponse(
        (response) =>
          response.url().endsWith('/v1/account/preferences') &&
          response.request().method() === 'PATCH',
      );
      await again.page.getByRole('combobox', { name: 'Sprache' }).first().selectOption('en');
      expect((await back).status()).toBe(200);
      await again.context.close();
    }, 120_000);
  });
});
