import { useMemo } from 'react';
import { InfoPage } from '../../components/content/InfoPage';
import { faqPage } from '../../content/faq';
import { FAQ_TEXT } from '../../content/faqText';
import { FAQ_TECHNICAL_TEXT } from '../../content/faqTechnicalText';
import { useTexts } from '../../i18n/context';

/** /faq: frequently asked questions in six sections, with a table of contents (spec §2). */
export default function FaqPage() {
  const text = useTexts('faq', FAQ_TEXT);
  const technical = useTexts('faqTechnical', FAQ_TECHNICAL_TEXT);
  const content = useMemo(() => faqPage(text, technical), [text, technical]);
  return <InfoPage {...content} />;
}
