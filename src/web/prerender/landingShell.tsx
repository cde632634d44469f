/**
 * The landing page's static shell: `/` as an anonymous visitor sees it before
 * any script runs, rendered at build time by react-dom/server from the app's own components (the
 * layout, the landing, the regions section's title) with antd's CSS-in-JS styles extracted. The
 * webpack build puts both into index.html; the boot then hydrates that markup (see boot.tsx), so
 * the largest paint happens at the first paint and React reuses the nodes instead of painting
 * them again. antd finds its styles already in the page (`data-ant-cssinjs-cache-path`) and does
 * not generate them again.
 *
 * Dark mode without a light flash (docs/product.md "Appearance"): the shell is rendered light and
 * dark; the CSS variables antd's dark theme sets differently (its components' colours are CSS
 * variables) are added to the styles for a dark device (`prefers-color-scheme`) unless the
 * person picked light, and for a dark pick (the app marks `<html data-theme>`), with the page's
 * own background from our tokens.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { buildRoutes } from '../app/routes';
import { makeStore } from '../app/store';
import type { AppConfig } from '../../core/appConfig';
import type { ThemeMode } from '../../core/preferences';
import { PEANUT_TOKENS } from '../components/tokens';

/** The shell: the markup of `#landing-shell` and the `<style>` elements for `<head>`. */
export interface LandingShell {
  /** HTML of the app at `/`, signed out, before the packs are loaded. */
  html: string;
  /** antd's `<style>` elements (with their cache marks) and the dark scheme's, for `<head>`. */
  styles: string;
}

/** A prerendered page: its markup and its `<style>` elements. */
interface Rendered {
  html: string;
  styles: string;
}

/** The `<style>` elements of antd's extracted styles: [opening tag, CSS]. */
const STYLE_ELEMENT = /(<style[^>]*>)([^<]*)<\/style>/g;
/** One flat CSS rule: selectors and declarations (antd's variable blocks are flat). */
const FLAT_RULE = /([^{}]+)\{([^{}]*)\}/g;

/** The CSS of `rules` with `prefix` and a space before each selector. */
function prefixRules(rules: string, prefix: string): string {
  return rules.replace(FLAT_RULE, (_rule, selectors: string, declarations: string) => {
    const scoped = selectors
      .split(',')
      .map((selector) => `${prefix} ${selector.trim()}`)
      .join(',');
    return `${scoped}{${declarations}}`;
  });
}

/**
 * The `<style>` element for the dark scheme: antd's CSS variable blocks of the dark render
 * that the light one does not have (flat rules of `--ant-*` variables only), and the page
 * background, scoped to a dark device without a light pick and to a dark pick.
 * @throws when a differing block is not flat variable rules (the override would be wrong).
 */
export function darkSchemeStyle(light: string, dark: string): string {
  const lightBlocks = new Set([...light.matchAll(STYLE_ELEMENT)].map((match) => match[2]));
  const blocks = [...dark.matchAll(STYLE_ELEMENT)]
    .filter(([, tag, css]) => !lightBlocks.has(css) && !tag.includes('cache-path'))
    .map(([, , css]) => css);
  for (const css of blocks) {
    if (css.includes('@') || !/^([^{}]+\{(\s*--[\w-]+:[^;{}]*;)*\s*\})+$/.test(css)) {
      throw new Error(
        `A dark style of the landing shell is not CSS variables: ${css.slice(0, 80)}`,
      );
    }
  }
  const { bodyBg, link } = PEANUT_TOKENS.dark;
  const scoped = (root: string) =>
    `${prefixRules(blocks.join(''), root)}` +
    `${root},${root} body{background:${bodyBg};}${root} .boot-loading{color:${link};}`;
  return (
    `<style data-color-scheme="dark">` +
    `@media (prefers-color-scheme: dark){${scoped('html:not([data-theme=light])')}}` +
    `${scoped('html[data-theme=dark]')}</style>`
  );
}

/** A configuration for the render (no request is made: the packs stay loading). */
const RENDER_CONFIG: AppConfig = {
  apiBaseUrl: 'http://localhost',
  region: 'local',
  userPoolId: 'local_prerender',
  userPoolClientId: 'prerender',
  identityEndpoint: 'http://localhost/idp/',
};

/**
 * Renders the landing shell: the app at `/` with the auth status already `unauthenticated`, as
 * the boot hydrates it. Resolves once every lazy part of `/` is rendered.
 */
export async function renderLandingShell(): Promise<LandingShell> {
  const light = await renderAt('system');
  const dark = await renderAt('dark');
  return { html: light.html, styles: light.styles + darkSchemeStyle(light.styles, dark.styles) };
}

/** Renders `/` signed out in the colour scheme `theme`. */
async function renderAt(theme: ThemeMode): Promise<Rendered> {
  const store = makeStore(
    {
      appConfig: RENDER_CONFIG,
      auth: { status: 'unauthenticated', user: null },
      preferences: { theme, language: 'en' },
    },
    { fetch: () => new Promise<Response>(() => undefined) },
  );
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
  const cache = createCache();
  const { prelude } = await prerenderToNodeStream(
    <StyleProvider cache={cache}>
      <App store={store} router={router} />
    </StyleProvider>,
    // Every boundary inline: no script to reveal an outlined one (the CSP forbids inline scripts).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // React hoists resource hints (the logo's preload) before the markup: they belong in <head>.
  html = html.replace(/^(<link [^>]*>)+/, '');
  if (html.includes('<script')) throw new Error('The landing shell holds a script');
  return { html, styles: extractStyle(cache) };
}
