/**
 * Messages and modal dialogs (antd's `message` and `Modal` hook APIs) for the whole app, with
 * antd's code loaded when a screen first asks for them, not on `/`. In place of
 * antd's `App.useApp()`: the provider sits at the root, so a message or dialog outlives the
 * page that opened it (a page that navigates away right after one, as the password change does).
 * Calls made while antd's code loads are run once it is there, in order.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { MessageArgsProps, ModalFuncProps } from 'antd';
import type { FeedbackApi } from './FeedbackHolders';

/** What a screen can show: a message (toast) or a modal dialog. Each call returns at once. */
export interface Feedback {
  message: {
    success(content: ReactNode | MessageArgsProps): void;
    info(content: ReactNode | MessageArgsProps): void;
    warning(content: ReactNode | MessageArgsProps): void;
    error(content: ReactNode | MessageArgsProps): void;
  };
  modal: {
    confirm(props: ModalFuncProps): void;
    info(props: ModalFuncProps): void;
    success(props: ModalFuncProps): void;
    warning(props: ModalFuncProps): void;
    error(props: ModalFuncProps): void;
  };
}

/** Runs `call` with antd's APIs once loaded (loading them first if needed). */
type Run = (call: (api: FeedbackApi) => void) => void;

const RunContext = createContext<Run | null>(null);

const FeedbackHolders = lazy(() =>
  import(/* webpackChunkName: "feedback" */ './FeedbackHolders').then((m) => ({
    default: m.FeedbackHolders,
  })),
);

/** Provides {@link useFeedback} to `children`; renders antd's holders once wanted. */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<FeedbackApi | null>(null);
  const queue = useRef<((api: FeedbackApi) => void)[]>([]);
  const run = useCallback<Run>((call) => {
    if (api.current) return call(api.current);
    queue.current.push(call);
    setWanted(true);
  }, []);
  const onReady = useCallback((ready: FeedbackApi) => {
    api.current = ready;
    queue.current.splice(0).forEach((call) => call(ready));
  }, []);
  return (
    <RunContext.Provider value={run}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <FeedbackHolders onReady={onReady} />
        </Suspense>
      )}
    </RunContext.Provider>
  );
}

/**
 * The app's messages and dialogs; the screen calling it loads antd's code for them when it
 * mounts. @throws Error outside {@link FeedbackProvider}
 */
export function useFeedback(): Feedback {
  const run = useContext(RunContext);
  if (!run) throw new Error('useFeedback needs a FeedbackProvider above');
  useEffect(() => run(() => undefined), [run]);
  return useMemo(
    () => ({
      message: {
        success: (content) => run((api) => void api.message.success(content)),
        info: (content) => run((api) => void api.message.info(content)),
        warning: (content) => run((api) => void api.message.warning(content)),
        error: (content) => run((api) => void api.message.error(content)),
      },
      modal: {
        confirm: (props) => run((api) => void api.modal.confirm(props)),
        info: (props) => run((api) => void api.modal.info(props)),
        success: (props) => run((api) => void api.modal.success(props)),
        warning: (props) => run((api) => void api.modal.warning(props)),
        error: (props) => run((api) => void api.modal.error(props)),
      },
    }),
    [run],
  );
}
