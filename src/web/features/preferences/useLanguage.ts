/**
 * The language in force: the one picked (header or Account page; kept on the account when
 * signed in), else the browser's first language that the SPA speaks, else English.
 */
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { browserLanguages, detectLanguage, type Language } from '../../i18n/languages';
import { selectPickedLanguage } from './preferencesSlice';

/** The language in force. */
export function useLanguage(): Language {
  const picked = useAppSelector(selectPickedLanguage);
  const browser = useMemo(() => detectLanguage(browserLanguages()), []);
  return picked ?? browser;
}
