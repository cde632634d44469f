import { CodeBlock } from '../../components/content/CodeBlock';
import { InfoPage } from '../../components/content/InfoPage';
import { REPOSITORY_URL } from '../../components/content/site';
import { useTexts } from '../../i18n/context';
import { slugify } from '../../lib/slug';
import { CONTRIBUTE_TEXT } from './contributeText';
import { InfoText, sectionsOf } from './InfoText';

/** The commands that check out, test and start the project. */
const GET_THE_CODE = `git clone ${REPOSITORY_URL}.git
cd ${REPOSITORY_URL.split('/').pop() ?? ''}
npm ci
npm test
npm start`;

/** /contribute: how to report issues and help with the code (spec §2), in the language in force. */
export default function ContributePage() {
  const T = useTexts('contribute', CONTRIBUTE_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(CONTRIBUTE_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, CONTRIBUTE_TEXT.sections, {
        levels: { web: 3, cli: 3, library: 3, backend: 3 },
        extras: { code: <CodeBlock>{GET_THE_CODE}</CodeBlock> },
      })}
    />
  );
}
