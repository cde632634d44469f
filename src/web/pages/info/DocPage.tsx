import { InfoPage } from '../../components/content/InfoPage';
import { docContent } from '../../content/doc';

/** /doc: the tenets of the service, how it works and where to get help (spec §1, §2). */
export default function DocPage() {
  return <InfoPage {...docContent} />;
}
