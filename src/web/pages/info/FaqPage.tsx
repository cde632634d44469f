import { InfoPage } from '../../components/content/InfoPage';
import { faqContent } from '../../content/faq';

/** /faq: frequently asked questions in six sections, with a table of contents (spec §2). */
export default function FaqPage() {
  return <InfoPage {...faqContent} />;
}
