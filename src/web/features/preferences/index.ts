/** The preferences feature's public API: the theme picker, the painted scheme, the choice in force. */
export { ThemeMenu } from './ThemeMenu';
export { useColorScheme } from './useColorScheme';
export { selectThemeMode } from './preferencesSlice';
export { LanguageMenu } from './LanguageMenu';
export { useLanguage } from './useLanguage';
export { selectPickedLanguage } from './preferencesSlice';
