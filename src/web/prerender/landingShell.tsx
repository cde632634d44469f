/**
 * The landing page's static shell: `/` as an anonymous visitor sees it before
 * any script runs, rendered at build time by react-dom/server from the app's own components (the
 * layout, the landing, the regions section's title) with antd's CSS-in-JS styles extracted. The
 * webpack build puts both into index.html; the boot then hydrates that markup (see boot.tsx), so
 * the largest paint happens at the first paint and React reuses the nodes instead of painting
 * them again. antd finds its styles already in the page (`data-ant-cssinjs-cache-path`) and does
 * not generate them again.
 */
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../app/App';
import { buildRoutes } from '../app/routes';
import { makeStore } from '../app/store';
import type { AppConfig } from '../../core/appConfig';

/** The shell: the markup of `#landing-shell` and the `<style>` elements for `<head>`. */
export interface LandingShell {
  /** HTML of the app at `/`, signed out, before the packs are loaded. */
  html: string;
  /** antd's `<style>` elements (with their cache marks) for the document's head. */
  styles: string;
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
  const store = makeStore(
    { appConfig: RENDER_CONFIG, auth: { status: 'unauthenticated', user: null } },
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
