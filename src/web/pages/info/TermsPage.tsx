import { InfoPage } from '../../components/content/InfoPage';
import { slugify } from '../../lib/slug';
import { useTexts } from '../../i18n/context';
import { InfoText, sectionsOf } from './InfoText';
import { TERMS_TEXT } from './termsText';

/** /terms: the terms of service (spec §1, §2), in the language in force. */
export default function TermsPage() {
  const T = useTexts('terms', TERMS_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(TERMS_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, TERMS_TEXT.sections)}
    />
  );
}
