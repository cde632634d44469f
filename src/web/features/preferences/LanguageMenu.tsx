/**
 * The language picker (header and Account page): a native select of the five languages, each
 * named in its own language, like the theme picker (ThemeMenu.tsx). Signed in, the pick is saved
 * on the account (preferencesSaga.ts); signed out it lasts until the page is closed (nothing is
 * stored in the browser).
 */
import { useAppDispatch } from '../../app/hooks';
import { useTexts } from '../../i18n/context';
import { useSelectStyle } from './useSelectStyle';
import { isLanguage, LANGUAGES, LANGUAGE_NAMES } from '../../i18n/languages';
import { languagePicked } from './preferencesSlice';
import { useLanguage } from './useLanguage';

/** The picker's texts (namespace `language`). */
export const LANGUAGE_MENU_TEXT = {
  label: 'Language',
} as const;

/** Props of {@link LanguageMenu}. */
export interface LanguageMenuProps {
  /** The element's id (the Account page labels it). */
  id?: string;
}

/** The language select. */
export function LanguageMenu({ id }: LanguageMenuProps) {
  const dispatch = useAppDispatch();
  const language = useLanguage();
  const text = useTexts('language', LANGUAGE_MENU_TEXT);
  const style = useSelectStyle();
  return (
    <select
      id={id}
      aria-label={text.label}
      title={text.label}
      value={language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) dispatch(languagePicked(event.target.value));
      }}
      style={style}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
