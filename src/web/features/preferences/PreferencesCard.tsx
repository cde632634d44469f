/**
 * The Account page's display preferences: the language picker (the header has the same), kept
 * on the account like the theme.
 */
import { Card, Flex, Typography } from 'antd';
import { useTexts } from '../../i18n/context';
import { LanguageMenu } from './LanguageMenu';

/** The card's texts (English; namespace `preferencesCard`). */
export const PREFERENCES_CARD_TEXT = {
  title: 'Display',
  language: 'Language',
  help: 'Kept on your account and applied when you sign in.',
} as const;

/** The display preferences card. */
export function PreferencesCard() {
  const text = useTexts('preferencesCard', PREFERENCES_CARD_TEXT);
  return (
    <Card size="small" title={text.title}>
      <Flex vertical gap="small">
        <Flex align="center" gap="small" wrap>
          <label htmlFor="account-language">{text.language}</label>
          <LanguageMenu id="account-language" />
        </Flex>
        <Typography.Text type="secondary">{text.help}</Typography.Text>
      </Flex>
    </Card>
  );
}
