/**
 * Hosts (docs/operator-console.md "Hosts"): each VPN host's state, last heartbeat, capacity,
 * live VPNs and usage faults; drain (no new VPN) and undrain.
 */
import { Button, Table, Tag, Tooltip } from 'antd';
import type { AdminHost } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import { useListHostsQuery, useSetHostDrainedMutation } from '../adminApi';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const HOSTS_TEXT = {
  title: 'Hosts',
  empty: 'No VPN host has been heard (VPNs run on this server).',
  drain: 'Drain',
  undrain: 'Undrain',
  drained: 'drained',
  columns: {
    host: 'Host',
    regions: 'Regions',
    state: 'State',
    lastSeen: 'Last heartbeat',
    capacity: 'Capacity',
    live: 'Live VPNs',
    faults: 'Faults',
  },
} as const;

const STATE_COLOURS = { online: 'green', away: 'orange', lost: 'red' } as const;

/** The page. */
export function HostsPage() {
  const T = useTexts('adminHosts', HOSTS_TEXT);
  const { data, isFetching } = useListHostsQuery();
  const [setDrained, pending] = useSetHostDrainedMutation();
  const c = T.columns;
  return (
    <section aria-labelledby="admin-hosts">
      <Title level={2} id="admin-hosts">
        {T.title}
      </Title>
      <Table<AdminHost>
        size="small"
        rowKey="hostId"
        loading={isFetching}
        dataSource={data ?? []}
        locale={{ emptyText: T.empty }}
        pagination={false}
        columns={[
          { title: c.host, dataIndex: 'hostId' },
          { title: c.regions, dataIndex: 'regions', render: (v: string[]) => v.join(', ') },
          {
            title: c.state,
            key: 'state',
            render: (_v, row) => (
              <>
                <Tag color={STATE_COLOURS[row.state]}>{row.state}</Tag>
                {row.drained && <Tag color="purple">{T.drained}</Tag>}
              </>
            ),
          },
          { title: c.lastSeen, dataIndex: 'lastSeenAt', render: (v: string) => formatDateTime(v) },
          { title: c.capacity, dataIndex: 'capacity', align: 'right' },
          { title: c.live, dataIndex: 'liveVpns', align: 'right' },
          {
            title: c.faults,
            key: 'faults',
            render: (_v, row) =>
              row.faults.count === 0 ? (
                0
              ) : (
                <Tooltip title={row.faults.last}>
                  <Tag color="red">{row.faults.count}</Tag>
                </Tooltip>
              ),
          },
          {
            key: 'actions',
            render: (_v, row) => (
              <Button
                size="small"
                danger={!row.drained}
                loading={pending.isLoading && pending.originalArgs?.hostId === row.hostId}
                onClick={() => void setDrained({ hostId: row.hostId, drained: !row.drained })}
              >
                {row.drained ? T.undrain : T.drain}
              </Button>
            ),
          },
        ]}
      />
    </section>
  );
}
