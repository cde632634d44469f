/**
 * The VPN list (spec §2 "VPN list"): Created At, Region, Config, State, Usage, Actions; newest
 * first, 4 per page with server-side pagination. State shows a spinner and the '3 minutes' hint
 * while the VPN is on its way; Usage shows MiB, duration and peanuts (N/A for missing values) or
 * a loader without metrics; Config, QRCode and Delete only while Running. While mounted, the
 * saga reloads the visible page every 10 s.
 *
 * Rendering: the columns are built once (module constants); rows are keyed by vpnId; each cell
 * is a memoised component given plain values, so a reload re-renders only the cells whose data
 * changed, and an open Delete confirmation stays mounted on its button.
 */
import { memo, useEffect } from 'react';
import { Button, Flex, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
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
import { useListRegionsDetailedQuery } from '../regions';
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

const STATE_COLOURS: Record<VpnState, string> = {
  Failed: 'error',
  Creating: 'processing',
  Created: 'processing',
  Provisioning: 'processing',
  Paused: 'warning',
  Running: 'success',
  Deprovisioning: 'default',
  Deleted: 'default',
};

/** The Config column (spec §2): maxPeanuts and deleteAfter, `unlimited` at or below 0. */
export function formatConfigCell(maxPeanuts?: number, deleteAfter?: number): string {
  if (maxPeanuts === undefined && deleteAfter === undefined) return NOT_AVAILABLE;
  const peanuts =
    typeof maxPeanuts === 'number' && maxPeanuts <= 0 ? 'unlimited' : formatPeanuts(maxPeanuts);
  return `maxPeanuts: ${peanuts}, deleteAfter: ${humanDuration(deleteAfter)}`;
}

const CreatedAtCell = memo(function CreatedAtCell(props: { vpnId: string; createdAt: string }) {
  return <span title={props.vpnId}>{formatDateTime(props.createdAt)}</span>;
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
  return <>{formatConfigCell(props.maxPeanuts, props.deleteAfter)}</>;
});

const StateCell = memo(function StateCell({ state }: { state: VpnState }) {
  return (
    <Space size="small" wrap>
      <Tag color={STATE_COLOURS[state] ?? 'default'}>{state}</Tag>
      {isStateInProgress(state) && (
        <Space size={4}>
          <Spin size="small" aria-label={`${state}...`} />
          <Typography.Text type="secondary">about {PROVISIONING_HINT}</Typography.Text>
        </Space>
      )}
    </Space>
  );
});

interface UsageProps {
  hasMetrics: boolean;
  bytes?: number | null;
  duration?: number | null;
  peanuts?: number | null;
}

const UsageCell = memo(function UsageCell({ hasMetrics, bytes, duration, peanuts }: UsageProps) {
  if (!hasMetrics) return <Spin size="small" aria-label="Loading usage" />;
  const consumed = formatPeanuts(peanuts);
  return (
    <Flex vertical>
      <span>Data: {formatMiB(bytes)}</span>
      <span>Time: {humanDuration(duration)}</span>
      <span>
        Peanuts: {consumed}
        {consumed === NOT_AVAILABLE ? '' : ' 🥜'}
      </span>
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
  if (state !== 'Running') return null;
  return (
    <Space size="small" wrap>
      <Button
        icon={<DownloadOutlined />}
        aria-label={`Download the configuration of ${vpnId}`}
        onClick={() => dispatch(vpnConfigDownloadRequested(vpnId))}
      >
        Config
      </Button>
      <Button
        icon={<QrcodeOutlined />}
        aria-label={`Show the QR code of ${vpnId}`}
        onClick={() => dispatch(vpnQrCodeRequested(vpnId))}
      >
        QRCode
      </Button>
      <Popconfirm
        title="Delete this VPN?"
        description="It is destroyed with its logs and cannot come back."
        okText="Delete"
        okButtonProps={{ danger: true }}
        placement="topRight"
        onConfirm={() => dispatch(vpnDeleteRequested(vpnId))}
      >
        <Button danger icon={<DeleteOutlined />} loading={deleting} aria-label={`Delete ${vpnId}`}>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  );
});

/** The columns, built once; each cell gets the plain values it shows. */
const COLUMNS: TableColumnsType<VpnWithMetrics> = [
  {
    title: 'Created At',
    key: 'createdAt',
    render: (_, { vpn }) => <CreatedAtCell vpnId={vpn.vpnId} createdAt={vpn.createdAt} />,
  },
  {
    title: 'Region',
    key: 'region',
    render: (_, { vpn }) => <RegionCell region={vpn.region} />,
  },
  {
    title: 'Config',
    key: 'config',
    render: (_, { vpn }) => (
      <ConfigCell maxPeanuts={vpn.config?.maxPeanuts} deleteAfter={vpn.config?.deleteAfter} />
    ),
  },
  {
    title: 'State',
    key: 'state',
    render: (_, { vpn }) => <StateCell state={vpn.state} />,
  },
  {
    title: 'Usage',
    key: 'usage',
    render: (_, { metrics }) => (
      <UsageCell
        hasMetrics={Boolean(metrics)}
        bytes={metrics?.bytes}
        duration={metrics?.duration}
        peanuts={metrics?.peanuts}
      />
    ),
  },
  {
    title: 'Actions',
    key: 'actions',
    render: (_, { vpn }) => <ActionsCell vpnId={vpn.vpnId} state={vpn.state} />,
  },
];

const rowKey = (item: VpnWithMetrics) => item.vpn.vpnId;

/** The signed-in user's VPNs. */
export function VpnList() {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectVpnItems);
  const page = useAppSelector(selectVpnPage);
  const totalVpns = useAppSelector(selectTotalVpns);
  const status = useAppSelector(selectVpnListStatus);

  useEffect(() => {
    dispatch(vpnListShown());
    return () => {
      dispatch(vpnListHidden());
    };
  }, [dispatch]);

  return (
    <section aria-labelledby="vpns-title">
      <Typography.Title level={3} id="vpns-title" style={{ marginTop: 0 }}>
        Your VPNs
      </Typography.Title>
      <Table<VpnWithMetrics>
        columns={COLUMNS}
        dataSource={items}
        rowKey={rowKey}
        loading={status === 'loading' || (status === 'idle' && items.length === 0)}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No VPNs yet: create one in a region of the table below.' }}
        pagination={{
          current: page,
          pageSize: UI_VPN_PAGE_SIZE,
          total: totalVpns,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (next) => dispatch(vpnPageRequested(next)),
        }}
      />
    </section>
  );
}
