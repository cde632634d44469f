/**
 * index.html holds the landing page as an anonymous visitor sees it at `/`
 * (src/web/prerender, rendered at build time), and the boot hydrates it: React keeps the nodes
 * painted before any script ran. Elsewhere, and with a stored session, the shell is not used.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { SIGNUP_CTA_TEXT } from '../../src/web/features/home/Landing';
import { bootApp, LANDING_SHELL_ID } from '../../src/web/app/boot';
import { mayHoldSession } from '../../src/web/app/lazyIdentity';
import { darkSchemeStyle, type LandingShell } from '../../src/web/prerender/landingShell';
import { PEANUT_TOKENS } from '../../src/web/components/tokens';
import { failOnConsoleErrors, fakeFetch, jsonResponse, TEST_APP_CONFIG } from './testUtils';

const ROOT = path.resolve(__dirname, '../..');
const SESSION_KEY = 'CognitoIdentityServiceProvider.peanutvpn-local.LastAuthUser';

failOnConsoleErrors();

/** The shell as the build renders it (in a child process, as webpack.config.ts runs it). */
function renderShell(): LandingShell {
  const json = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/web/prerender/cli.tsx')],
    { cwd: ROOT, env: { ...process.env }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(json.toString('utf8')) as LandingShell;
}

let shell: LandingShell;
beforeAll(() => {
  shell = renderShell();
}, 300_000);

/** The page of index.html: antd's styles in head, `#root` with the shell and the loading screen. */
function mountPage(): HTMLElement {
  document.head.insertAdjacentHTML('beforeend', shell.styles);
  document.body.innerHTML =
    `<div id="root"><div id="${LANDING_SHELL_ID}">${shell.html}</div>` +
    `<div class="boot-loading" role="status">Loading Peanut VPN...</div></div>`;
  return document.getElementById('root') as HTMLElement;
}

/** The landing's description paragraph. */
const heroText = () => screen.getByText(/Peanut VPN is a prepaid VPN service/);

describe('the landing shell', () => {
  it('is the landing of spec §2 "Home" with the shell, and holds no script', () => {
    document.body.innerHTML = shell.html;
    expect(screen.getByText('Please authenticate')).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { name: 'Prepaid, temporary VPNs' })).toBeInTheDocument();
    expect(heroText()).toBeInTheDocument();
    expect(screen.getByText('FAQ')).toHaveAttribute('href', '/faq');
    expect(screen.getByText('contact us')).toHaveAttribute('href', '/contactus');
    expect(screen.getByText(SIGNUP_CTA_TEXT).closest('a')).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { name: 'Peanut packs' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Regions' })).toBeInTheDocument();
    expect(screen.getByText('Sign In', { selector: 'a' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('Terms Of Use')).toHaveAttribute('href', '/terms');
    expect(shell.html).not.toMatch(/<script/i);
    expect(shell.styles).toContain('data-ant-cssinjs-cache-path');
  });

  it("carries the dark scheme's variables for a dark device and a dark pick, not a light pick", () => {
    const [dark] = shell.styles.match(/<style data-color-scheme="dark">[^<]*<\/style>/) ?? [''];
    const css = dark.replace(/<[^>]*>/g, '');
    const [media, picked] = css.split(/(?<=\}\})(?=html\[data-theme=dark\])/);
    expect(media).toMatch(
      /^@media \(prefers-color-scheme: dark\)\{html:not\(\[data-theme=light\]\) /,
    );
    expect(picked).toMatch(/^html\[data-theme=dark\] /);
    for (const part of [media, picked]) {
      expect(part).toContain(`background:${PEANUT_TOKENS.dark.bodyBg};`);
      expect(part).toContain(`--ant-layout-body-bg:${PEANUT_TOKENS.dark.bodyBg};`);
      expect(part).toContain('--ant-color-text:rgba(255,255,255,0.85);');
    }
  });
});

describe('darkSchemeStyle', () => {
  it('keeps the variable blocks only the dark render has, and refuses anything else', () => {
    const light = '<style a>.v{--x:#fff;}</style><style b>.s{color:var(--x);}</style>';
    const dark = '<style a>.v{--x:#000;}</style><style b>.s{color:var(--x);}</style>';
    const style = darkSchemeStyle(light, dark);
    expect(style).toContain('html:not([data-theme=light]) .v{--x:#000;}');
    expect(style).toContain('html[data-theme=dark] .v{--x:#000;}');
    expect(style).not.toContain('.s{');
    expect(() => darkSchemeStyle(light, '<style b>.s{color:#000;}</style>')).toThrow(
      /not CSS variables/,
    );
  });
});

/** A browser's IntersectionObserver as far as the first render goes (jsdom has none). */
class QuietIntersectionObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}

describe('bootApp with the landing shell', () => {
  let root: Root | undefined;
  const original = globalThis.IntersectionObserver;
  beforeAll(() => {
    globalThis.IntersectionObserver =
      QuietIntersectionObserver as unknown as typeof IntersectionObserver;
  });
  afterAll(() => {
    if (original) globalThis.IntersectionObserver = original;
    else delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const fetch = fakeFetch({
    'GET /app-config.json': () => jsonResponse(TEST_APP_CONFIG),
    'GET /v1/regionsDetailed/': () => jsonResponse({ regions: [] }),
    'GET /v1/peanuts/packs/': () => jsonResponse({ packs: [] }),
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    document.head.innerHTML = '';
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    fetch.mockClear();
  });

  it('at / signed out, hydrates it: the painted nodes stay, without a mismatch', async () => {
    const container = mountPage();
    const hero = heroText();
    const heading = screen.getByRole('heading', { name: 'Prepaid, temporary VPNs' });
    await act(async () => {
      root = await bootApp(container, { origin: 'http://app.test', fetch });
    });
    // Hydrated: the packs list mounted and asked for the packs.
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url.toString())).toContain(
        'http://api.test/v1/peanuts/packs/',
      ),
    );
    expect(heroText()).toBe(hero);
    expect(screen.getByRole('heading', { name: 'Prepaid, temporary VPNs' })).toBe(heading);
    expect(document.querySelector('.boot-loading')).toBeNull();
    // It is the app: the sign-up call to action navigates in place.
    act(() => screen.getByText(SIGNUP_CTA_TEXT).click());
    await waitFor(() => expect(window.location.pathname).toBe('/signup'));
  });

  it.each([
    ['on another route', '/pricing', false],
    ['with a stored session', '/', true],
  ])('%s, removes it and renders the app', async (_name, route, session) => {
    window.history.replaceState(null, '', route);
    if (session) localStorage.setItem(SESSION_KEY, 'ann');
    const container = mountPage();
    const hero = heroText();
    const fetchAll = fakeFetch({
      'GET /app-config.json': () => jsonResponse(TEST_APP_CONFIG),
      'GET /v1/regionsDetailed/': () => jsonResponse({ regions: [] }),
      'GET /v1/peanuts/packs/': () => jsonResponse({ packs: [] }),
    });
    await act(async () => {
      root = await bootApp(container, { origin: 'http://app.test', fetch: fetchAll });
    });
    await waitFor(() => expect(document.getElementById(LANDING_SHELL_ID)).toBeNull());
    expect(hero.isConnected).toBe(false);
    expect(await screen.findByText('Contribute', { selector: 'a' })).toBeInTheDocument();
  });
});

describe('public/shell-gate.js', () => {
  const gate = fs.readFileSync(path.join(ROOT, 'public/shell-gate.js'), 'utf8');

  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['/', [], true],
    ['/', ['CognitoIdentityServiceProvider.peanutvpn-local.LastAuthUser'], false],
    ['/', ['CognitoIdentityServiceProvider.other.LastAuthUser'], false],
    ['/', ['CognitoIdentityServiceProvider.peanutvpn-local.ann.idToken', 'theme'], true],
    ['/pricing', [], false],
    ['/faq', [], false],
  ])('at %s with stored keys %j, shows the shell: %s', (route, keys, shown) => {
    window.history.replaceState(null, '', route);
    for (const key of keys) localStorage.setItem(key, 'x');
    // Same verdict as the boot's.
    expect(route === '/' && !mayHoldSession(localStorage)).toBe(shown);
    new Function(gate)();
    expect(document.documentElement.classList.contains('no-shell')).toBe(!shown);
  });
});
