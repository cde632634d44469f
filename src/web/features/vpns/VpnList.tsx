/**
 * The VPN list (spec §2 "VPN list"): Created At, Region, Config, State, Usage, Actions; newest
 * first, 4 per page with server-side pagination. State shows a spinner and the '3 minutes' hint
 * while the VPN is on its way; Usage shows MiB, duration and peanuts (N/A for missing values) or
 * a loader without metrics; Config, QRCode and Delete only while Running. While mounted, the
 * saga reloads the visible page every 10 s.
 */
import { useEffect, useMemo } from 'react';
import { Button, Flex, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, QrcodeOutlined } from '@ant-design/icons';
import { UI_VPN_PAGE_SIZE } from '../../../core/constants';
import { formatMetrics, formatVpnConfig, NOT_AVAILABLE } from '../../../core/format';
import {
  PROVISIONING_HINT,
  isStateInProgress,
  type VpnState,
  type VpnWithMetrics,
} from '../../../core/vpn';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useListRegionsDetailedQuery } from '../regions/regionsApi';
import {
  selectDeletingVpnIds,
  selectVpns,
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

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Created At as shown: the local date and time, or N/A. */
export function formatCreatedAt(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? NOT_AVAILABLE : dateFormat.format(time);
}

function StateCell({ state }: { state: VpnState }) {
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
}

function UsageCell({ item }: { item: VpnWithMetrics }) {
  const usage = formatMetrics(item.metrics);
  if (!usage) return <Spin size="small" aria-label="Loading usage" />;
  return (
    <Flex vertical>
      <span>Data: {usage.data}</span>
      <span>Time: {usage.duration}</span>
      <span>
        Peanuts: {usage.peanuts}
        {usage.peanuts === NOT_AVAILABLE ? '' : ' 🥜'}
      </span>
    </Flex>
  );
}

function ActionsCell({ item, deleting }: { item: VpnWithMetrics; deleting: boolean }) {
  const dispatch = useAppDispatch();
  const { vpnId, state } = item.vpn;
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
        onConfirm={() => dispatch(vpnDeleteRequested(vpnId))}
      >
        <Button danger icon={<DeleteOutlined />} loading={deleting} aria-label={`Delete ${vpnId}`}>
          Delete
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** The signed-in user's VPNs. */
export function VpnList() {
  const dispatch = useAppDispatch();
  const { items, page, totalVpns, status } = useAppSelector(selectVpns);
  const deleting = useAppSelector(selectDeletingVpnIds);
  const { data: regions } = useListRegionsDetailedQuery();
  const cities = useMemo(
    () => new Map((regions ?? []).map((region) => [region.name, region.city])),
    [regions],
  );

  useEffect(() => {
    dispatch(vpnListShown());
    return () => {
      dispatch(vpnListHidden());
    };
  }, [dispatch]);

  const columns: TableColumnsType<VpnWithMetrics> = [
    {
      title: 'Created At',
      key: 'createdAt',
      render: (_, { vpn }) => <span title={vpn.vpnId}>{formatCreatedAt(vpn.createdAt)}</span>,
    },
    {
      title: 'Region',
      key: 'region',
      render: (_, { vpn }) => {
        const city = cities.get(vpn.region);
        return city ? (
          <Flex vertical>
            <span>{city}</span>
            <Typography.Text type="secondary">{vpn.region}</Typography.Text>
          </Flex>
        ) : (
          vpn.region
        );
      },
    },
    {
      title: 'Config',
      key: 'config',
      render: (_, { vpn }) => formatVpnConfig(vpn.config),
    },
    {
      title: 'State',
      key: 'state',
      render: (_, { vpn }) => <StateCell state={vpn.state} />,
    },
    {
      title: 'Usage',
      key: 'usage',
      render: (_, item) => <UsageCell item={item} />,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, item) => <ActionsCell item={item} deleting={deleting.includes(item.vpn.vpnId)} />,
    },
  ];

  return (
    <section aria-labelledby="vpns-title">
      <Typography.Title level={3} id="vpns-title" style={{ marginTop: 0 }}>
        Your VPNs
      </Typography.Title>
      <Table<VpnWithMetrics>
        columns={columns}
        dataSource={items}
        rowKey={(item) => item.vpn.vpnId}
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
