/**
 * The global error card above the page content (spec §2 "Shell"): the message and a Dismiss
 * button.
 */
import { Alert, Button } from 'antd';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorDismissed, selectErrorMessage } from './errorSlice';

/** Shows the current global error, if any. */
export function ErrorCard() {
  const message = useAppSelector(selectErrorMessage);
  const dispatch = useAppDispatch();
  if (message === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      title="Error"
      description={<span style={{ wordBreak: 'break-word' }}>{message}</span>}
      action={
        <Button size="small" onClick={() => dispatch(errorDismissed())}>
          Dismiss
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
