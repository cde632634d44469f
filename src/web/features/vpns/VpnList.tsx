/**
 * The VPN list (spec §2 "VPN list"): Created At, Region, Config, State, Usage, Actions; newest
 * first, 4 per page with server-side pagination. State shows a spinner and the '3 minutes' hint
 * while the VPN is on its way; Usage shows MiB, duration and peanuts (N/A for missing values) or
 * a loader without metrics, and opens the VPN's usage drawer (UsageDrawer.tsx: chart, forecast,
 * Extend); a Running VPN's State shows its forecast; Config, QRCode and Delete only while
 * Running. While mounted, the saga reloads the visible page every 10 s.
 *
 * Rendering: the columns are built once (module constants); rows are keyed by vpnId; each cell
 * is a memoised component given plain values, so a reload re-renders only the cells whose data
 * changed, and an open Delete confirmation stays mounted on its button.
 */
import { memo, useEffect } from 'react';
import { Button, Flex, Popconfirm, Space, Spin, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  LineChartOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import { UI_VPN_PAGE_SIZE } from '../../../core/constants';
import { formatMiB, formatPeanuts, NOT_AVAILABLE } from '../../../core/format';
import {
  PROVISIONING_HINT,
  isStateInProgress,
  type VpnState,
  type VpnWithMetrics,
} from '../../../core/vpn';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { formatDateTime, humanDuration } from '../../lib/time';
import type { VpnForecast } from '../../../core/vpnUsage';
import { PeanutIcon } from '../../components/PeanutIcon';
import { StatusTag, type StatusTone } from '../../components/StatusTag';
import { useListRegionsDetailedQuery } from '../regions';
import { FORECAST_TEXT, forecastText } from './forecastText';
import { usageDrawerOpened } from './usageSlice';
import { UsageDrawer } from './UsageDrawer';
import {
  selectIsDeleting,
  selectTotalVpns,
  selectVpnItems,
  selectVpnListStatus,
  selectVpnPage,
  vpnConfigDownloadRequested,
  vpnDeleteRequested,
  vpnListHidden,
  vpnListShown,
  vpnPageRequested,
  vpnQrCodeRequested,
} from './vpnsSlice';
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber, localizeUnit } from '../../i18n/format';
import type { Language } from '../../i18n/languages';
import { fill, type Texts } from '../../i18n/translator';

/** The list's texts (English; namespace `vpnList`). */
export const VPN_LIST_TEXT = {
  title: 'Your VPNs',
  empty: 'No VPNs yet: create one in a region of the table below.',
  columns: {
    createdAt: 'Created At',
    region: 'Region',
    config: 'Config',
    state: 'State',
    usage: 'Usage',
    actions: 'Actions',
  },
  states: {
    Failed: 'Failed',
    Creating: 'Creating',
    Created: 'Created',
    Provisioning: 'Provisioning',
    Paused: 'Paused',
    Running: 'Running',
    Deprovisioning: 'Deprovisioning',
    Deleted: 'Deleted',
  },
  configCell: 'maxPeanuts: {{peanuts}}, deleteAfter: {{duration}}',
  unlimited: 'unlimited',
  about: 'about {{duration}}',
  inProgress: '{{state}}...',
  loadingUsage: 'Loading usage',
  data: 'Data: {{value}}',
  time: 'Time: {{value}}',
  peanuts: 'Peanuts: {{value}}',
  usageDetails: 'Usage over time',
  usageDetailsLabel: 'Usage over time, forecast and Extend of {{vpnId}}',
  config: 'Config',
  configLabel: 'Config: download the configuration of {{vpnId}}',
  qrCode: 'QRCode',
  qrCodeLabel: 'QRCode: show the QR code of {{vpnId}}',
  delete: 'Delete',
  deleteLabel: 'Delete {{vpnId}}',
  deleteTitle: 'Delete this VPN?',
  deleteDescription: 'It is destroyed with its logs and cannot come back.',
} as const;

/** The list's texts in the language in force, and that language. */
function useListText() {
  const text = useTexts('vpnList', VPN_LIST_TEXT);
  return { text, language: useTranslator().language };
}

const STATE_TONES: Record<VpnState, StatusTone> = {
  Failed: 'error',
  Creating: 'processing',
  Created: 'processing',
  Provisioning: 'processing',
  Paused: 'warning',
  Running: 'success',
  Deprovisioning: 'default',
  Deleted: 'default',
};

/**
 * The Config column (spec §2): maxPeanuts and deleteAfter, `unlimited` at or below 0; in the
 * language of `text` (default English, the spec's text).
 */
export function formatConfigCell(
  maxPeanuts?: number,
  deleteAfter?: number,
  text: Texts<typeof VPN_LIST_TEXT> = VPN_LIST_TEXT,
  language: Language = 'en',
): string {
  if (maxPeanuts === undefined && deleteAfter === undefined) return NOT_AVAILABLE;
  const peanuts =
    typeof maxPeanuts === 'number' && maxPeanuts <= 0
      ? text.unlimited
      : localizeNumber(language, formatPeanuts(maxPeanuts));
  return fill(text.configCell, { peanuts, duration: humanDuration(deleteAfter, language) });
}

const CreatedAtCell = memo(function CreatedAtCell(props: { vpnId: string; createdAt: string }) {
  const { language } = useListText();
  return <span title={props.vpnId}>{formatDateTime(props.createdAt, language)}</span>;
});

const RegionCell = memo(function RegionCell({ region }: { region: string }) {
  const { city } = useListRegionsDetailedQuery(undefined, {
    selectFromResult: ({ data }) => ({ city: data?.find((r) => r.name === region)?.city }),
  });
  if (!city) return <>{region}</>;
  return (
    <Flex vertical>
      <span>{city}</span>
      <Typography.Text type="secondary">{region}</Typography.Text>
    </Flex>
  );
});

const ConfigCell = memo(function ConfigCell(props: { maxPeanuts?: number; deleteAfter?: number }) {
  const { text, language } = useListText();
  return <>{formatConfigCell(props.maxPeanuts, props.deleteAfter, text, language)}</>;
});

const StateCell = memo(function StateCell({
  state,
  forecast,
}: {
  state: VpnState;
  forecast?: VpnForecast;
}) {
  const { text, language } = useListText();
  const forecastTexts = useTexts('forecast', FORECAST_TEXT);
  const stateText = text.states[state] ?? state;
  return (
    <Space size="small" wrap>
      <StatusTag tone={STATE_TONES[state] ?? 'default'}>{stateText}</StatusTag>
      {state === 'Running' && forecast && (
        <Typography.Text type="secondary" data-testid="row-forecast">
          {forecastText(forecast, Date.now(), forecastTexts, language)}
        </Typography.Text>
      )}
      {isStateInProgress(state) && (
        <Space size={4}>
          <Spin size="small" aria-label={fill(text.inProgress, { state: stateText })} />
          <Typography.Text type="secondary">
            {fill(text.about, {
              duration: language === 'en' ? PROVISIONING_HINT : humanDuration(180, language),
            })}
          </Typography.Text>
        </Space>
      )}
    </Space>
  );
});

interface UsageProps {
  vpnId: string;
  /** Usage over time is kept until the VPN reaches Deleted (spec §1 wipes its logs then). */
  deleted: boolean;
  hasMetrics: boolean;
  bytes?: number | null;
  duration?: number | null;
  peanuts?: number | null;
}

const UsageCell = memo(function UsageCell({
  vpnId,
  deleted,
  hasMetrics,
  bytes,
  duration,
  peanuts,
}: UsageProps) {
  const dispatch = useAppDispatch();
  const { text, language } = useListText();
  if (!hasMetrics) return <Spin size="small" aria-label={text.loadingUsage} />;
  const consumed = formatPeanuts(peanuts);
  return (
    <Flex vertical>
      <span>{fill(text.data, { value: localizeUnit(language, formatMiB(bytes)) })}</span>
      <span>{fill(text.time, { value: humanDuration(duration, language) })}</span>
      <span>
        {fill(text.peanuts, { value: localizeNumber(language, consumed) })}
        {consumed === NOT_AVAILABLE ? null : (
          <>
            {' '}
            <PeanutIcon />
          </>
        )}
      </span>
      {!deleted && duration !== null && duration !== undefined && Number.isFinite(duration) && (
        <Button
          type="link"
          size="small"
          icon={<LineChartOutlined />}
          style={{ paddingInline: 0, alignSelf: 'flex-start' }}
          aria-label={fill(text.usageDetailsLabel, { vpnId })}
          onClick={() => dispatch(usageDrawerOpened(vpnId))}
        >
          {text.usageDetails}
        </Button>
      )}
    </Flex>
  );
});

const ActionsCell = memo(function ActionsCell({
  vpnId,
  state,
}: {
  vpnId: string;
  state: VpnState;
}) {
  const dispatch = useAppDispatch();
  const deleting = useAppSelector((s) => selectIsDeleting(s, vpnId));
  const { text } = useListText();
  if (state !== 'Running') return null;
  return (
    <Space size="small" wrap>
      <Button
        icon={<DownloadOutlined />}
        aria-label={fill(text.configLabel, { vpnId })}
        onClick={() => dispatch(vpnConfigDownloadRequested(vpnId))}
      >
        {text.config}
      </Button>
      <Button
        icon={<QrcodeOutlined />}
        aria-label={fill(text.qrCodeLabel, { vpnId })}
        onClick={() => dispatch(vpnQrCodeRequested(vpnId))}
      >
        {text.qrCode}
      </Button>
      <Popconfirm
        title={text.deleteTitle}
        description={text.deleteDescription}
        okText={text.delete}
        okButtonProps={{ danger: true }}
        placement="topRight"
        onConfirm={() => dispatch(vpnDeleteRequested(vpnId))}
      >
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={deleting}
          aria-label={fill(text.deleteLabel, { vpnId })}
        >
          {text.delete}
        </Button>
      </Popconfirm>
    </Space>
  );
});

/** A column's title in the language in force. */
function ColumnTitle({ column }: { column: keyof typeof VPN_LIST_TEXT.columns }) {
  return <>{useListText().text.columns[column]}</>;
}

/** Cells of short values kept on one line (a date, a region code) while the others wrap. */
const noWrap = () => ({ style: { whiteSpace: 'nowrap' } as const });

/** The columns, built once; each cell gets the plain values it shows. */
const COLUMNS: TableColumnsType<VpnWithMetrics> = [
  {
    title: <ColumnTitle column="createdAt" />,
    key: 'createdAt',
    onCell: noWrap,
    render: (_, { vpn }) => <CreatedAtCell vpnId={vpn.vpnId} createdAt={vpn.createdAt} />,
  },
  {
    title: <ColumnTitle column="region" />,
    key: 'region',
    onCell: noWrap,
    render: (_, { vpn }) => <RegionCell region={vpn.region} />,
  },
  {
    title: <ColumnTitle column="config" />,
    key: 'config',
    render: (_, { vpn }) => (
      <ConfigCell maxPeanuts={vpn.config?.maxPeanuts} deleteAfter={vpn.config?.deleteAfter} />
    ),
  },
  {
    title: <ColumnTitle column="state" />,
    key: 'state',
    render: (_, { vpn }) => <StateCell state={vpn.state} forecast={vpn.forecast} />,
  },
  {
    title: <ColumnTitle column="usage" />,
    key: 'usage',
    render: (_, { vpn, metrics }) => (
      <UsageCell
        vpnId={vpn.vpnId}
        deleted={vpn.state === 'Deleted'}
        hasMetrics={Boolean(metrics)}
        bytes={metrics?.bytes}
        duration={metrics?.duration}
        peanuts={metrics?.peanuts}
      />
    ),
  },
  {
    title: <ColumnTitle column="actions" />,
    key: 'actions',
    render: (_, { vpn }) => <ActionsCell vpnId={vpn.vpnId} state={vpn.state} />,
  },
];

const rowKey = (item: VpnWithMetrics) => item.vpn.vpnId;

/**
 * The table's narrowest width in CSS pixels: wider screens fit it whole, its cells wrapping
 * (the actions under each other when needed); narrower ones scroll it sideways. At its content's
 * own width (`max-content`) a Running VPN's row was 1.3k pixels wide, its Delete button cut off
 * at 1280.
 */
const TABLE_MIN_WIDTH = 900;

/** The signed-in user's VPNs. */
export function VpnList() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectVpnItems);
  const page = useAppSelector(selectVpnPage);
  const totalVpns = useAppSelector(selectTotalVpns);
  const status = useAppSelector(selectVpnListStatus);
  const { text } = useListText();

  useEffect(() => {
    dispatch(vpnListShown());
    return () => {
      dispatch(vpnListHidden());
    };
  }, [dispatch]);

  return (
    <section aria-labelledby="vpns-title">
      <Typography.Title level={2} id="vpns-title" style={{ marginTop: 0 }}>
        {text.title}
      </Typography.Title>
      <Table<VpnWithMetrics>
        columns={COLUMNS}
        dataSource={items}
        rowKey={rowKey}
        loading={status === 'loading' || (status === 'idle' && items.length === 0)}
        size="middle"
        scroll={{ x: TABLE_MIN_WIDTH }}
        locale={{ emptyText: text.empty }}
        pagination={{
          current: page,
          pageSize: UI_VPN_PAGE_SIZE,
          total: totalVpns,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (next) => dispatch(vpnPageRequested(next)),
        }}
      />
      <UsageDrawer />
    </section>
  );
}
