import { CodeBlock } from '../../components/content/CodeBlock';
import { InfoPage } from '../../components/content/InfoPage';
import { useTexts } from '../../i18n/context';
import { slugify } from '../../lib/slug';
import { InfoText, sectionsOf } from './InfoText';
import { MAKE_MONEY_TEXT } from './makeMoneyText';

/** The command that starts a local instance. */
const START = 'npm ci && npm start';

/** /makemoney: run your own Peanut VPN service, with help on request (spec §2), in the language in force. */
export default function MakeMoneyPage() {
  const T = useTexts('makeMoney', MAKE_MONEY_TEXT);
  return (
    <InfoPage
      title={T.title}
      titleId={slugify(MAKE_MONEY_TEXT.title)}
      intro={
        <p>
          <InfoText text={T.intro} />
        </p>
      }
      sections={sectionsOf(T.sections, MAKE_MONEY_TEXT.sections, {
        extras: { run: <CodeBlock>{START}</CodeBlock> },
      })}
    />
  );
}
