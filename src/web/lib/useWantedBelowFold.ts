/**
 * Below-the-fold content loaded when it is wanted: once the visitor scrolls or uses
 * the page in any way (whoever scrolls is heading for it, and gets it while scrolling), or once
 * the element is in the viewport after the content above it has settled (while that loads, the
 * element may pass through the viewport). Where IntersectionObserver is missing (jsdom, old
 * browsers) it is wanted at once; on the server (the landing shell rendered at build time,
 * src/web/prerender) it is not, as in a browser's first render.
 */
import { useEffect, useState, type RefObject } from 'react';

/** The events that say the visitor is using the page, on `window`. */
const USE_EVENTS = ['scroll', 'wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * True from the moment the element of `ref` is wanted on (it never goes back to false), or at
 * once when `already` is true. Its visibility counts only while `settled` (the content above it
 * has its final size).
 */
export function useWantedBelowFold(
  ref: RefObject<Element | null>,
  already: boolean,
  settled: boolean,
): boolean {
  const [wanted, setWanted] = useState(
    () => already || (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined'),
  );
  const want = wanted || already;

  useEffect(() => {
    const element = ref.current;
    if (want || !element) return undefined;
    const onUse = () => setWanted(true);
    USE_EVENTS.forEach((type) => window.addEventListener(type, onUse, { passive: true }));
    const observer =
      settled &&
      new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true);
      });
    if (observer) observer.observe(element);
    return () => {
      if (observer) observer.disconnect();
      USE_EVENTS.forEach((type) => window.removeEventListener(type, onUse));
    };
  }, [ref, want, settled]);

  return want;
}
