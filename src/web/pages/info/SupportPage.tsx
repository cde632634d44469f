import { InfoPage } from '../../components/content/InfoPage';
import { useTexts } from '../../i18n/context';
import { slugify } from '../../lib/slug';
import { InfoText, sectionsOf } from './InfoText';
import { SUPPORT_TEXT } from './supportText';

/** /support: where to get help (spec §2), in the language in force. */
export default function SupportPage() {
  const T = useTexts('support', SUPPORT_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(SUPPORT_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, SUPPORT_TEXT.sections, { ids: { faq: 'faq' } })}
    />
  );
}
