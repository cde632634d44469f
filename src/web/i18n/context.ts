/**
 * The language in force, as React context (app/ provides it, i18n/I18nProvider.tsx): the
 * translator of its texts and its Intl locale. Without a provider (tests, the prerendered
 * landing shell) it is English.
 */
import { createContext, useContext, useMemo } from 'react';
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Namespace } from './catalogue';
import { INTL_LOCALES } from './languages';
import { ENGLISH, translateTree, type TextTree, type Texts, type Translator } from './translator';

/** What a language brings besides its texts. */
export interface LanguagePack {
  /** Its texts. */
  translator: Translator;
  /** antd's own texts (pagination, empty tables, date pickers); English's is antd's default. */
  antdLocale?: AntdLocale;
}

/** The English pack: antd's and the components' own defaults. */
export const ENGLISH_PACK: LanguagePack = { translator: ENGLISH };

/** The language pack in force. */
export const LanguageContext = createContext<LanguagePack>(ENGLISH_PACK);

/** The translator in force. */
export function useTranslator(): Translator {
  return useContext(LanguageContext).translator;
}

/**
 * The translator of the messages that come in English (the API's, the identity service's) in
 * the language in force: English shows them as they came, so an English page loads no list of
 * them (i18n/messages.ts is in the other languages' runtime chunk).
 */
export function useMessageText(): (english: string) => string {
  return useTranslator().message;
}

/** The Intl locale of the language in force (e.g. `en-US`, `ja-JP`). */
export function useIntlLocale(): string {
  return INTL_LOCALES[useTranslator().language];
}

/**
 * The texts `english` of namespace `ns` (its constant, listed in catalogue.ts) in the language
 * in force, the same shape: English answers `english` itself.
 */
export function useTexts<T extends TextTree>(ns: Namespace, english: T): Texts<T> {
  const translator = useTranslator();
  return useMemo(
    (): Texts<T> =>
      translator.language === 'en' ? (english as Texts<T>) : translateTree(translator, ns, english),
    [translator, ns, english],
  );
}
