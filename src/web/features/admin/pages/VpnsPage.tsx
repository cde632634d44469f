/**
 * VPNs (docs/operator-console.md "VPNs"): every VPN, newest first, by region, state or host;
 * terminating one asks for the reason.
 */
import { useState } from 'react';
import { Button, Flex, Input, Select, Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { VPN_STATES } from '../../../../core/vpn';
import type { AdminVpn } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import { formatBalance } from '../../balance';
import { useListVpnsQuery, useTerminateVpnMutation } from '../adminApi';
import { ReasonModal } from '../ReasonModal';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const VPNS_TEXT = {
  title: 'VPNs',
  region: 'Region',
  state: 'State',
  host: 'Host',
  anyState: 'Any state',
  terminate: 'Terminate',
  terminateTitle: 'Terminate the VPN',
  empty: 'No VPN matches.',
  columns: {
    vpn: 'VPN',
    owner: 'Owner',
    region: 'Region',
    state: 'State',
    host: 'Host',
    created: 'Created',
    consumed: 'Peanuts used',
    reason: 'Why it ended',
  },
} as const;

/** States whose VPN can still be terminated. */
const LIVE = new Set(['Creating', 'Created', 'Provisioning', 'Running', 'Paused']);

/** A table of VPNs with a Terminate button on the live ones. */
export function VpnTable({ vpns, loading }: { vpns: AdminVpn[]; loading?: boolean }) {
  const T = useTexts('adminVpns', VPNS_TEXT);
  const [target, setTarget] = useState<string | undefined>();
  const [terminate, terminating] = useTerminateVpnMutation();
  const c = T.columns;
  return (
    <>
      <Table<AdminVpn>
        size="small"
        rowKey="vpnId"
        loading={loading}
        dataSource={vpns}
        locale={{ emptyText: T.empty }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: true }}
        columns={[
          { title: c.vpn, dataIndex: 'vpnId' },
          ...(vpns.some((vpn) => vpn.email !== undefined)
            ? [
                {
                  title: c.owner,
                  dataIndex: 'email',
                  render: (email: string, row: AdminVpn) => (
                    <Link to={`/admin/users/${row.sub}`}>{email}</Link>
                  ),
                },
              ]
            : []),
          { title: c.region, dataIndex: 'region' },
          { title: c.state, dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
          { title: c.host, dataIndex: 'hostId' },
          { title: c.created, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: c.consumed,
            dataIndex: 'consumed',
            align: 'right',
            render: (v: number) => formatBalance(v),
          },
          { title: c.reason, dataIndex: 'reason' },
          {
            key: 'actions',
            render: (_v, row) =>
              LIVE.has(row.state) && (
                <Button size="small" danger onClick={() => setTarget(row.vpnId)}>
                  {T.terminate}
                </Button>
              ),
          },
        ]}
      />
      <ReasonModal
        open={target !== undefined}
        title={`${T.terminateTitle} ${target ?? ''}`}
        okText={T.terminate}
        busy={terminating.isLoading}
        onCancel={() => setTarget(undefined)}
        onConfirm={(values) =>
          void terminate({ vpnId: target ?? '', reason: values.reason.trim() }).then((done) => {
            if (!('error' in done)) setTarget(undefined);
          })
        }
      />
    </>
  );
}

/** The page. */
export function VpnsPage() {
  const T = useTexts('adminVpns', VPNS_TEXT);
  const [filter, setFilter] = useState<{ region?: string; state?: string; host?: string }>({});
  const { data, isFetching } = useListVpnsQuery(filter);
  const text = (key: 'region' | 'host') => (value: string) =>
    setFilter((current) => ({ ...current, [key]: value.trim() === '' ? undefined : value.trim() }));
  return (
    <section aria-labelledby="admin-vpns">
      <Title level={2} id="admin-vpns">
        {T.title}
      </Title>
      <Flex gap="small" wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={T.region}
          placeholder={T.region}
          allowClear
          onSearch={text('region')}
          style={{ width: 200 }}
        />
        <Select
          aria-label={T.state}
          placeholder={T.anyState}
          allowClear
          style={{ width: 180 }}
          options={VPN_STATES.map((state) => ({ value: state, label: state }))}
          onChange={(state?: string) => setFilter((current) => ({ ...current, state }))}
        />
        <Input.Search
          aria-label={T.host}
          placeholder={T.host}
          allowClear
          onSearch={text('host')}
          style={{ width: 200 }}
        />
      </Flex>
      <VpnTable vpns={data?.vpns ?? []} loading={isFetching} />
    </section>
  );
}
