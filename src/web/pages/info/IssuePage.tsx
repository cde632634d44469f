import { InfoPage } from '../../components/content/InfoPage';
import { useTexts } from '../../i18n/context';
import { slugify } from '../../lib/slug';
import { InfoText, sectionsOf } from './InfoText';
import { ISSUE_TEXT } from './issueText';

/** /issue: how issues are reported (spec §2), in the language in force. */
export default function IssuePage() {
  const T = useTexts('issue', ISSUE_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(ISSUE_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, ISSUE_TEXT.sections)}
    />
  );
}
