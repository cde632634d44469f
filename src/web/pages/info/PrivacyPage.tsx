import { InfoPage } from '../../components/content/InfoPage';
import { useTexts } from '../../i18n/context';
import { slugify } from '../../lib/slug';
import { InfoText, sectionsOf } from './InfoText';
import { PRIVACY_TEXT } from './privacyText';

/** /privacy: the privacy policy (spec §1, §2), in the language in force. */
export default function PrivacyPage() {
  const T = useTexts('privacy', PRIVACY_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(PRIVACY_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, PRIVACY_TEXT.sections, {
        levels: { account: 3, usage: 3, device: 3, cookies: 3 },
        ids: { contact: 'contact' },
      })}
    />
  );
}
