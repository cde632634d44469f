/**
 * Entry point of the SPA bundle: boots the app into `#root`.
 *
 * The app's code (React, antd, the store: the `app` chunk and its libraries, fetched
 * at once beside this one) runs only after the browser has painted the page once, so the landing
 * shell of index.html (or the loading screen) is on screen before the scripts' long first run,
 * not after it. If the app's chunk cannot be loaded, the page says so.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
const root = container;

/** Loads the app's chunk and boots it. */
function boot(): void {
  import(/* webpackChunkName: "app", webpackPreload: true */ './app/boot').then(
    ({ bootApp }) => bootApp(root),
    () => {
      root.textContent =
        'Peanut VPN could not be loaded. Check your connection and reload the page.';
    },
  );
}

// After the next frame; at once in a hidden tab (no frame comes there).
if (document.visibilityState === 'hidden') boot();
else requestAnimationFrame(() => setTimeout(boot, 0));
