/**
 * antd's message and modal hook APIs and their holders: the lazy part of feedback.tsx.
 */
import { useEffect } from 'react';
import { message, Modal } from 'antd';

/** antd's APIs behind {@link import('./feedback').Feedback}. */
export interface FeedbackApi {
  message: ReturnType<typeof message.useMessage>[0];
  modal: ReturnType<typeof Modal.useModal>[0];
}

/** Renders antd's holders and hands their APIs to `onReady` once mounted. */
export function FeedbackHolders({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(
    () => onReady({ message: messageApi, modal: modalApi }),
    [onReady, messageApi, modalApi],
  );
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
