/**
 * The header's colour scheme picker: a native select of Light, Dark and System (keyboard and
 * screen-reader friendly, and no menu library on the landing page's budget). Signed in, the
 * pick is saved on the account (preferencesSaga.ts); signed out it lasts until the page is
 * closed.
 */
import { THEME_MODES, isThemeMode, type ThemeMode } from '../../../core/preferences';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTexts } from '../../i18n/context';
import { useSelectStyle } from './useSelectStyle';
import { selectThemeMode, themePicked } from './preferencesSlice';

/** Each choice's label (English; namespace `theme`). */
export const THEME_CHOICES = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
} as const satisfies Readonly<Record<ThemeMode, string>>;

/** The accessible name of the picker. */
export const THEME_MENU_LABEL = 'Theme';

/** The picker's texts (namespace `theme`). */
export const THEME_TEXT = { label: THEME_MENU_LABEL, choices: THEME_CHOICES } as const;

/** The colour scheme select. */
export function ThemeMenu() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const style = useSelectStyle();
  const text = useTexts('theme', THEME_TEXT);
  return (
    <select
      aria-label={text.label}
      title={text.label}
      value={mode}
      onChange={(event) => {
        if (isThemeMode(event.target.value)) dispatch(themePicked(event.target.value));
      }}
      style={style}
    >
      {THEME_MODES.map((key) => (
        <option key={key} value={key}>
          {text.choices[key]}
        </option>
      ))}
    </select>
  );
}
