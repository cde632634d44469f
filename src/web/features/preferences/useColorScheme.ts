/**
 * The colour scheme to paint: the picked one, or the device's (`prefers-color-scheme`) while the
 * choice is `system`, followed live when the device switches.
 */
import { useSyncExternalStore } from 'react';
import type { ThemeMode } from '../../../core/preferences';
import type { ColorScheme } from '../../components/tokens';
import { useAppSelector } from '../../app/hooks';
import { selectThemeMode } from './preferencesSlice';

/** The media query of a device set to dark. */
export const DARK_QUERY = '(prefers-color-scheme: dark)';

function darkMedia(): MediaQueryList | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : undefined;
}

function subscribe(onChange: () => void): () => void {
  const media = darkMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** True when the device asks for dark (false where it cannot tell, and at prerender). */
export function useSystemPrefersDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => darkMedia()?.matches ?? false,
    () => false,
  );
}

/** The scheme of `mode` on a device that prefers dark or not. */
export function resolveColorScheme(mode: ThemeMode, systemDark: boolean): ColorScheme {
  if (mode === 'system') return systemDark ? 'dark' : 'light';
  return mode;
}

/** The scheme to paint now. */
export function useColorScheme(): ColorScheme {
  const mode = useAppSelector(selectThemeMode);
  return resolveColorScheme(mode, useSystemPrefersDark());
}
