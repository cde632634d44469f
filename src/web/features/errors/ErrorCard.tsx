/**
 * The global error card above the page content (spec §2 "Shell"): the message and a Dismiss
 * button.
 */
import { Alert, Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMessageText, useTexts } from '../../i18n/context';
import { errorDismissed, selectErrorMessage } from './errorSlice';

/** The card's texts (English; namespace `errorCard`). */
export const ERROR_CARD_TEXT = { title: 'Error', dismiss: 'Dismiss' } as const;

/**
 * Shows the current global error, if any: a known message (the API's, spec §8's) in the
 * language in force, any other as it came.
 */
export function ErrorCard() {
  const message = useAppSelector(selectErrorMessage);
  const dispatch = useAppDispatch();
  const T = useTexts('errorCard', ERROR_CARD_TEXT);
  const messageText = useMessageText();
  if (message === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={T.title}
      description={<span style={{ wordBreak: 'break-word' }}>{messageText(message)}</span>}
      action={
        <Button size="small" onClick={() => dispatch(errorDismissed())}>
          {T.dismiss}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
