/**
 * Scroll restoration of spec §2 "Page conventions": a path change without a hash scrolls to the
 * top; a location with a hash scrolls to that anchor after ANCHOR_SCROLL_DELAY_MS, once the page
 * has rendered it.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ANCHOR_SCROLL_DELAY_MS } from '../../../core/constants';

function anchorId(hash: string): string {
  const id = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** Renders nothing; scrolls the window when the path or hash changes. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    const timer = window.setTimeout(() => {
      document.getElementById(anchorId(hash))?.scrollIntoView();
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
  return null;
}
