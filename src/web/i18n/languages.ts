/**
 * The SPA's languages (docs/languages.md): their names as their speakers write them (the
 * picker's labels, the same in every language), the Intl locale each formats with, and the
 * browser's language as the first choice.
 */
import { isLanguage, LANGUAGES, type Language } from '../../core/preferences';

export { LANGUAGES, isLanguage, type Language };

/** The language of the spec's texts, bundled with the code (no catalogue to load). */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name (endonym): the picker shows these in every language. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  ja: '日本語',
};

/**
 * The Intl locale of each language (numbers, currencies, dates): English keeps the spec's US
 * formats (e.g. `11/21/2026 6:00 AM`, `$2.71`).
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-US',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  ja: 'ja-JP',
};

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that the SPA
 * speaks, by primary subtag (`fr-CA` is French); English when none is.
 */
export function detectLanguage(wanted: readonly string[] | undefined): Language {
  for (const tag of wanted ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's languages, most wanted first (none at prerender). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
