import { useMemo } from 'react';
import { InfoPage } from '../../components/content/InfoPage';
import { docPage } from '../../content/doc';
import { DOC_TEXT } from '../../content/docText';
import { useTexts } from '../../i18n/context';

/** /doc: the tenets of the service, how it works and where to get help (spec §1, §2). */
export default function DocPage() {
  const text = useTexts('doc', DOC_TEXT);
  const content = useMemo(() => docPage(text), [text]);
  return <InfoPage {...content} />;
}
