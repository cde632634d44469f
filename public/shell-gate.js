/*
 * Issue 11: index.html holds the landing page as an anonymous visitor sees it at `/` (#landing-shell,
 * rendered at build time). On any other route, or with a stored session (the identity library's
 * `CognitoIdentityServiceProvider.<client>.LastAuthUser` key, as mayHoldSession in
 * src/web/app/lazyIdentity.ts reads it), this marks <html> with `no-shell`: the shell stays hidden
 * and the loading screen shows until the app renders. Runs before the body is parsed.
 */
(function () {
  var shown = window.location.pathname === '/';
  try {
    for (var i = 0; shown && i < window.localStorage.length; i++) {
      var key = window.localStorage.key(i);
      if (
        key &&
        key.indexOf('CognitoIdentityServiceProvider.') === 0 &&
        /\.LastAuthUser$/.test(key)
      ) {
        shown = false;
      }
    }
  } catch {
    // unusable storage (privacy settings): nothing stored
  }
  if (!shown) document.documentElement.className += ' no-shell';
})();
