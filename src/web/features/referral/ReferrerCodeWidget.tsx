/**
 * The referrer code widget (spec §2 "Referral page", §4, §5): the code of the friend who referred
 * the user, from one of three sources:
 * - input: the user types it (uppercased, A-Z and 0-9 only, cut to 8; validated 1.5 s after the
 *   last keystroke);
 * - link: the pending code of a landing link (validated at once);
 * - backend: the user already used a code, so the field is disabled.
 * A code the backend accepts becomes the pending code, which the purchase link carries.
 */
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Flex, Input, Spin, Typography, theme } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import {
  clearPendingCode,
  readPendingCode,
  savePendingCode,
  usePendingReferralCode,
} from './pendingCode';
import { useMessageText, useTexts } from '../../i18n/context';
import { useGetReferrerCodeQuery, useValidateReferralCodeMutation } from './referralApi';
import { REFERRAL_TEXT } from './referralText';
import {
  normalizeReferralCode,
  REFERRER_LOAD_FAILED_MESSAGE,
  referralCodeError,
  referralCodeSyntaxError,
  SESSION_NOT_READY_MESSAGE,
  VALIDATION_DEBOUNCE_MS,
  VALIDATION_FAILED_MESSAGE,
} from './referralCode';

/** Where the widget's code comes from (spec §2). */
export type ReferrerCodeSource = 'input' | 'link' | 'backend';

/** Validation state (spec §4). */
export interface ReferrerValidation {
  isValidating: boolean;
  /** null until a non-empty code has been checked. */
  isValid: boolean | null;
  errorMessage: string | null;
}

const IDLE: ReferrerValidation = { isValidating: false, isValid: null, errorMessage: null };
const invalid = (errorMessage: string): ReferrerValidation => ({
  isValidating: false,
  isValid: false,
  errorMessage,
});

/** Props of {@link ReferrerCodeWidget}. */
export interface ReferrerCodeWidgetProps {
  /** The client has a session and a user (spec §6); otherwise nothing is fetched. */
  sessionReady: boolean;
}

/** The referrer code field with its messages. */
export function ReferrerCodeWidget({ sessionReady }: ReferrerCodeWidgetProps) {
  const { token } = theme.useToken();
  const T = useTexts('referral', REFERRAL_TEXT).friend;
  // Errors are kept in English (the API's and the spec's); the known ones show translated.
  const messageText = useMessageText();
  const pending = usePendingReferralCode();
  const referrer = useGetReferrerCodeQuery(undefined, {
    skip: !sessionReady,
    refetchOnMountOrArgChange: true,
  });
  const [validate] = useValidateReferralCodeMutation();
  const [source, setSource] = useState<ReferrerCodeSource>('input');
  const [code, setCode] = useState('');
  const [validation, setValidation] = useState<ReferrerValidation>(IDLE);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [settled, setSettled] = useState(false);
  const sequence = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const runValidation = useCallback(
    async (value: string) => {
      const id = ++sequence.current;
      if (value === '') {
        setValidation(IDLE);
        clearPendingCode();
        return;
      }
      if (!sessionReady) {
        setValidation(invalid(SESSION_NOT_READY_MESSAGE));
        return;
      }
      const syntaxError = referralCodeSyntaxError(value);
      if (syntaxError) {
        setValidation(invalid(syntaxError));
        clearPendingCode();
        return;
      }
      setValidation({ isValidating: true, isValid: null, errorMessage: null });
      try {
        const result = await validate(value).unwrap();
        if (id !== sequence.current) return;
        if (result.isValid) {
          setValidation({ isValidating: false, isValid: true, errorMessage: null });
          savePendingCode(value);
        } else {
          setValidation(invalid(result.error ?? referralCodeError(value, 'Unknown code')));
          clearPendingCode();
        }
      } catch {
        if (id === sequence.current) setValidation(invalid(VALIDATION_FAILED_MESSAGE));
      }
    },
    [sessionReady, validate],
  );

  /** Takes the stored code (source link, validated now), else an empty field (source input). */
  const takeStoredCode = useCallback(() => {
    const stored = readPendingCode();
    if (stored) {
      setSource('link');
      setCode(stored);
      void runValidation(stored);
    } else {
      setSource('input');
      setCode('');
      setValidation(IDLE);
    }
  }, [runValidation]);

  // The load rules of spec §4.
  const { isUninitialized, isLoading, isError, data: backendCode } = referrer;
  useEffect(() => {
    if (!sessionReady) {
      takeStoredCode();
      setSettled(true);
      return;
    }
    if (isUninitialized || isLoading) return;
    if (isError) {
      setLoadError(REFERRER_LOAD_FAILED_MESSAGE);
      takeStoredCode();
    } else if (backendCode) {
      setLoadError(null);
      sequence.current++;
      setSource('backend');
      setCode(backendCode);
      setValidation(IDLE);
      clearPendingCode();
    } else {
      setLoadError(null);
      takeStoredCode();
    }
    setSettled(true);
  }, [sessionReady, isUninitialized, isLoading, isError, backendCode, takeStoredCode]);

  // A landing link opened while the page shows (a new pending code) fills the field.
  const current = useRef({ source, code, settled });
  current.current = { source, code, settled };
  useEffect(() => {
    const now = current.current;
    if (!pending || !now.settled || now.source === 'backend' || pending === now.code) return;
    clearTimeout(timer.current);
    setSource('link');
    setCode(pending);
    void runValidation(pending);
  }, [pending, runValidation]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = normalizeReferralCode(event.target.value);
    setCode(value);
    setSource('input');
    sequence.current++;
    setValidation(IDLE);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void runValidation(value), VALIDATION_DEBOUNCE_MS);
  };

  const loading = sessionReady && (isUninitialized || isLoading);
  const backend = source === 'backend';
  return (
    <Flex vertical gap="small" data-testid="referrer-code-widget" data-source={source}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {T.title}
      </Typography.Title>
      <Alert
        type={backend ? 'success' : 'info'}
        showIcon
        title={backend ? T.alreadyUsed : T.info}
      />
      {loadError && <Alert type="error" showIcon title={messageText(loadError)} />}
      <Input
        aria-label={T.field}
        placeholder={T.placeholder}
        value={code}
        onChange={onChange}
        disabled={backend || loading}
        maxLength={64}
        style={{ maxWidth: 320, fontFamily: 'monospace' }}
        status={validation.isValid === false ? 'error' : undefined}
        suffix={
          loading || validation.isValidating ? (
            <Spin size="small" aria-label={T.validating} />
          ) : validation.isValid ? (
            <CheckCircleFilled style={{ color: token.colorSuccess }} aria-label={T.validMark} />
          ) : (
            <span />
          )
        }
      />
      {source === 'link' && <Typography.Text type="secondary">{T.fromLink}</Typography.Text>}
      {validation.isValid && <Alert type="success" showIcon title={T.valid} />}
      {validation.errorMessage && (
        <Alert type="error" showIcon title={messageText(validation.errorMessage)} role="alert" />
      )}
    </Flex>
  );
}
