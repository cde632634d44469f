/**
 * Page not found (spec §2 "Other screens", §8): a banner saying the error is on our side, with
 * links to report it, go home, read the FAQ or contact us.
 */
import { Alert, Flex } from 'antd';
import { Link } from 'react-router-dom';
import { Paragraph } from '../typography';

/** The text of the not-found banner (spec §8). */
export const NOT_FOUND_TEXT = 'Page not found';

/** The not-found banner and its links. */
export function NotFound() {
  return (
    <Flex vertical gap="middle">
      <Alert
        type="error"
        showIcon
        title={NOT_FOUND_TEXT}
        description="Sorry, this one is on us: the page you asked for does not exist, or a link on our side is broken."
      />
      <Paragraph>
        Please <Link to="/issue">report the issue</Link> so we can fix it, go back to the{' '}
        <Link to="/">home page</Link>, look in the <Link to="/faq">FAQ</Link> or{' '}
        <Link to="/contactus">contact us</Link>.
      </Paragraph>
    </Flex>
  );
}
