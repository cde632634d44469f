import { InfoPage } from '../../components/content/InfoPage';
import { docCliContent } from '../../content/docCli';

/** /doc-cli: the `peanut` command-line tool, steps 0 to 6 (spec §2). */
export default function DocCliPage() {
  return <InfoPage {...docCliContent} />;
}
