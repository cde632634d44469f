/**
 * "Remembered devices" on the Account page: the browsers the user signed in from
 * (ListDevices), when each was last used and whether it skips the second factor, this browser
 * marked; forgetting one (ForgetDevice) makes signing in from it ask for the code again.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Table, Typography } from 'antd';
import { useFeedback } from '../../app/feedback';
import type { DeviceInfo } from '../../../sdk/identity';
import { useAppDispatch } from '../../app/hooks';
import { useMessageText, useTexts, useTranslator } from '../../i18n/context';
import { fill, type Texts } from '../../i18n/translator';
import { formatDateTime } from '../../lib/time';
import { StatusTag } from '../../components/StatusTag';
import { accountErrorMessage } from './accountErrors';
import { ACCOUNT_TEXT } from './accountText';
import { forgetDevice, loadDevices } from './authThunks';

/** Texts of the card (English; namespace `account`, `devices`). */
export const DEVICES_TEXTS = ACCOUNT_TEXT.devices;

/** The card's texts in some language. */
type DevicesTexts = Texts<typeof ACCOUNT_TEXT.devices>;

/** The browser name that is a text of the card (the CLI's user agent). */
const COMMAND_LINE = 'Command line';

/** Browsers and systems recognised in a user agent, most specific first. */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/Node\.js|node/i, COMMAND_LINE],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short name for a device from its name (the user agent the library sends), e.g.
 * `Chrome on Linux`; the name itself when nothing is recognised, 'Unnamed device' without one.
 */
export function deviceLabel(
  name: string | undefined,
  texts: DevicesTexts = ACCOUNT_TEXT.devices,
): string {
  if (!name) return texts.unnamed;
  const found = BROWSERS.find(([pattern]) => pattern.test(name))?.[1];
  const browser = found === COMMAND_LINE ? texts.commandLine : found;
  const system = SYSTEMS.find(([pattern]) => pattern.test(name))?.[1];
  if (browser && system) return fill(texts.browserOn, { browser, system });
  return browser ?? system ?? (name.length > 60 ? `${name.slice(0, 57)}...` : name);
}

/** The card. */
export function DevicesCard() {
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const [devices, setDevices] = useState<DeviceInfo[]>();
  const [error, setError] = useState<string | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const T = useTexts('account', ACCOUNT_TEXT).devices;
  const { language } = useTranslator();
  const messageText = useMessageText();

  const reload = useCallback(async () => {
    try {
      setDevices(await dispatch(loadDevices()));
    } catch (failure) {
      setError(accountErrorMessage(failure));
    }
  }, [dispatch]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const forget = async (device: DeviceInfo) => {
    setBusyKey(device.key);
    setError(null);
    try {
      await dispatch(forgetDevice({ deviceKey: device.key }));
      void message.success(T.forgotten);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusyKey(null);
      await reload();
    }
  };

  return (
    <Card title={T.title} style={{ maxWidth: 720 }}>
      {error && (
        <Alert type="error" showIcon title={messageText(error)} style={{ marginBottom: 16 }} />
      )}
      <Typography.Paragraph>{T.intro}</Typography.Paragraph>
      <Table<DeviceInfo>
        aria-label={T.title}
        rowKey="key"
        size="small"
        pagination={false}
        loading={devices === undefined && !error}
        dataSource={devices ?? []}
        locale={{ emptyText: T.empty }}
        columns={[
          {
            title: T.device,
            key: 'device',
            render: (_value, device) => (
              <Flex gap="small" wrap align="center">
                <span title={device.name}>{deviceLabel(device.name, T)}</span>
                {device.current && <StatusTag tone="processing">{T.current}</StatusTag>}
              </Flex>
            ),
          },
          {
            title: T.lastUsed,
            key: 'lastUsedAt',
            render: (_value, device) =>
              device.lastUsedAt === undefined ? 'N/A' : formatDateTime(device.lastUsedAt, language),
          },
          {
            title: T.status,
            key: 'status',
            render: (_value, device) =>
              device.remembered ? (
                <StatusTag tone="success">{T.remembered}</StatusTag>
              ) : (
                <StatusTag tone="default">{T.notRemembered}</StatusTag>
              ),
          },
          {
            title: T.action,
            key: 'action',
            render: (_value, device) => (
              <Button
                size="small"
                danger
                loading={busyKey === device.key}
                disabled={busyKey !== null && busyKey !== device.key}
                aria-label={fill(device.current ? T.forgetCurrentLabel : T.forgetLabel, {
                  device: deviceLabel(device.name, T),
                })}
                onClick={() => void forget(device)}
              >
                {T.forget}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
