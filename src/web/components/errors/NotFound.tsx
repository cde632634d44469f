/**
 * Page not found (spec §2 "Other screens", §8): a banner saying the error is on our side, with
 * links to report it, go home, read the FAQ or contact us.
 */
import { Alert, Flex } from 'antd';
import { Link } from 'react-router-dom';
import { Paragraph } from '../typography';
import { HiddenPageTitle } from '../VisuallyHidden';
import { useTexts } from '../../i18n/context';
import { Rich } from '../../i18n/rich';
import { ERROR_PAGES_TEXT } from './errorText';

/** The not-found banner and its links. */
export function NotFound() {
  const T = useTexts('errorPages', ERROR_PAGES_TEXT).notFound;
  return (
    <Flex vertical gap="middle">
      <HiddenPageTitle>{T.title}</HiddenPageTitle>
      <Alert type="error" showIcon title={T.title} description={T.description} />
      <Paragraph>
        <Rich
          text={T.help}
          parts={{
            issue: (words) => <Link to="/issue">{words}</Link>,
            home: (words) => <Link to="/">{words}</Link>,
            faq: (words) => <Link to="/faq">{words}</Link>,
            contact: (words) => <Link to="/contactus">{words}</Link>,
          }}
        />
      </Paragraph>
    </Flex>
  );
}
