/**
 * Regions (docs/operator-console.md "Regions"): enable or disable a region for new VPNs (a
 * disabled one stays listed to customers, shown unavailable).
 */
import { Switch, Table } from 'antd';
import type { AdminRegion } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { useListRegionsQuery, useSetRegionEnabledMutation } from '../adminApi';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const REGIONS_TEXT = {
  title: 'Regions',
  columns: {
    region: 'Region',
    city: 'City',
    country: 'Country',
    live: 'Live VPNs',
    enabled: 'Takes new VPNs',
  },
} as const;

/** The page. */
export function RegionsPage() {
  const T = useTexts('adminRegions', REGIONS_TEXT);
  const { data, isFetching } = useListRegionsQuery();
  const [setEnabled, pending] = useSetRegionEnabledMutation();
  const c = T.columns;
  return (
    <section aria-labelledby="admin-regions">
      <Title level={2} id="admin-regions">
        {T.title}
      </Title>
      <Table<AdminRegion>
        size="small"
        rowKey="region"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: c.region, dataIndex: 'region' },
          { title: c.city, dataIndex: 'city' },
          { title: c.country, dataIndex: 'country' },
          { title: c.live, dataIndex: 'liveVpns', align: 'right' },
          {
            title: c.enabled,
            key: 'enabled',
            render: (_v, row) => (
              <Switch
                aria-label={`${c.enabled}: ${row.region}`}
                checked={row.enabled}
                loading={pending.isLoading && pending.originalArgs?.region === row.region}
                onChange={(enabled) => void setEnabled({ region: row.region, enabled })}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
