import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ANCHOR_SCROLL_DELAY_MS } from '../../../core/constants';

/**
 * Scrolls to the element whose id is the location's hash, after ANCHOR_SCROLL_DELAY_MS
 * (spec §9), whenever the hash changes or the page mounts with one. Router navigation
 * (`<Link to="#id">`, `navigate('/faq#id')`) does not scroll by itself.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash === '#') return;
    const id = decodeURIComponent(hash.slice(1));
    const timer = setTimeout(() => {
      const target = document.getElementById(id);
      if (target && typeof target.scrollIntoView === 'function') {
        target.scrollIntoView({ block: 'start' });
      }
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash, key]);
}
