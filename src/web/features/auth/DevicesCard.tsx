/**
 * "Remembered devices" on the Account page: the browsers the user signed in from
 * (ListDevices), when each was last used and whether it skips the second factor, this browser
 * marked; forgetting one (ForgetDevice) makes signing in from it ask for the code again.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { useFeedback } from '../../app/feedback';
import type { DeviceInfo } from '../../../sdk/identity';
import { useAppDispatch } from '../../app/hooks';
import { formatDateTime } from '../../lib/time';
import { accountErrorMessage } from './accountErrors';
import { forgetDevice, loadDevices } from './authThunks';

/** Texts of the card. */
export const DEVICES_TEXTS = {
  title: 'Remembered devices',
  intro:
    'Browsers you signed in from. A remembered one skips the two-factor code; forget it to be asked again.',
  empty: 'No devices yet.',
  current: 'This device',
  remembered: 'Remembered',
  notRemembered: 'Not remembered',
  forgotten: 'Device forgotten: signing in from it asks for your code again.',
} as const;

/** Browsers and systems recognised in a user agent, most specific first. */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/Node\.js|node/i, 'Command line'],
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
export function deviceLabel(name: string | undefined): string {
  if (!name) return 'Unnamed device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(name))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(name))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (name.length > 60 ? `${name.slice(0, 57)}...` : name);
}

/** The card. */
export function DevicesCard() {
  const dispatch = useAppDispatch();
  const { message } = useFeedback();
  const [devices, setDevices] = useState<DeviceInfo[]>();
  const [error, setError] = useState<string | null>(null);
  const [busyKey, setBusyKey] = useState<string | null>(null);

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
      void message.success(DEVICES_TEXTS.forgotten);
    } catch (failure) {
      setError(accountErrorMessage(failure));
    } finally {
      setBusyKey(null);
      await reload();
    }
  };

  return (
    <Card title={DEVICES_TEXTS.title} style={{ maxWidth: 720 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{DEVICES_TEXTS.intro}</Typography.Paragraph>
      <Table<DeviceInfo>
        aria-label={DEVICES_TEXTS.title}
        rowKey="key"
        size="small"
        pagination={false}
        loading={devices === undefined && !error}
        dataSource={devices ?? []}
        locale={{ emptyText: DEVICES_TEXTS.empty }}
        columns={[
          {
            title: 'Device',
            key: 'device',
            render: (_value, device) => (
              <Flex gap="small" wrap align="center">
                <span title={device.name}>{deviceLabel(device.name)}</span>
                {device.current && <Tag color="blue">{DEVICES_TEXTS.current}</Tag>}
              </Flex>
            ),
          },
          {
            title: 'Last used',
            key: 'lastUsedAt',
            render: (_value, device) =>
              device.lastUsedAt === undefined ? 'N/A' : formatDateTime(device.lastUsedAt),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_value, device) =>
              device.remembered ? (
                <Tag color="green">{DEVICES_TEXTS.remembered}</Tag>
              ) : (
                <Tag>{DEVICES_TEXTS.notRemembered}</Tag>
              ),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_value, device) => (
              <Button
                size="small"
                danger
                loading={busyKey === device.key}
                disabled={busyKey !== null && busyKey !== device.key}
                aria-label={`Forget ${deviceLabel(device.name)}${device.current ? ' (this device)' : ''}`}
                onClick={() => void forget(device)}
              >
                Forget
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
