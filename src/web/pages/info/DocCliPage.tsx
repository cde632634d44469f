import { useMemo } from 'react';
import { InfoPage } from '../../components/content/InfoPage';
import { DOC_CLI_TEXT, docCliPage } from '../../content/docCli';
import { useTexts } from '../../i18n/context';

/** /doc-cli: the `peanut` command-line tool, steps 0 to 6 (spec §2). */
export default function DocCliPage() {
  const text = useTexts('docCli', DOC_CLI_TEXT);
  const content = useMemo(() => docCliPage(text), [text]);
  return <InfoPage {...content} />;
}
