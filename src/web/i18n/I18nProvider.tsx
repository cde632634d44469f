/**
 * Provides the language pack of `language` once it has loaded (until then, the one shown before,
 * English at first: never a blank screen), and marks `<html lang>` with the language shown.
 */
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { LanguageContext, type LanguagePack } from './context';
import type { Language } from './languages';
import { loadedPack, loadLanguage, subscribePacks } from './loader';

/** Props of {@link I18nProvider}. */
export interface I18nProviderProps {
  /** The language wanted (picked, or the browser's). */
  language: Language;
  children: ReactNode;
}

/** Provides the language in force to `children`. */
export function I18nProvider({ language, children }: I18nProviderProps) {
  const wanted = useSyncExternalStore(
    subscribePacks,
    () => loadedPack(language),
    () => loadedPack(language),
  );
  const shown = useRef<LanguagePack | undefined>(undefined);
  if (wanted) shown.current = wanted;
  const pack = wanted ?? shown.current ?? loadedPack('en');
  useEffect(() => {
    if (!wanted) loadLanguage(language).catch(() => undefined); // stays in the language shown
  }, [language, wanted]);
  const lang = pack?.translator.language ?? 'en';
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return pack ? (
    <LanguageContext.Provider value={pack}>{children}</LanguageContext.Provider>
  ) : (
    children
  );
}
