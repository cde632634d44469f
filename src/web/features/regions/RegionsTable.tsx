/**
 * The regions table (spec §2 "Regions table"): City, Country (with flag), Message, Action, sorted
 * by country then city; skeletons until the regions load; a Create button per row and a
 * dismissible info message per row.
 */
import { useMemo } from 'react';
import { Alert, Button, Flex, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { sortRegions, type RegionDetailed } from '../../../core/regions';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RefreshButton } from '../../components/RefreshButton';
import { selectIsAuthenticated } from '../auth';
import { CountryFlag } from './CountryFlag';
import { regionMessageDismissed, selectRegionMessages } from './regionMessagesSlice';
import { useListRegionsDetailedQuery } from './regionsApi';

/** Number of skeleton rows shown while the regions load. */
export const SKELETON_ROWS = 5;

/** Props of {@link RegionsTable}. */
export interface RegionsTableProps {
  /**
   * Creates a VPN in a region for a signed-in user. Without it, or for an anonymous visitor,
   * Create goes to /pricing.
   */
  onCreate?: (region: RegionDetailed) => void;
  /** Regions whose Create is in progress (their button shows loading). */
  creatingRegions?: readonly string[];
}

type Row = RegionDetailed & { skeleton?: boolean };

const skeletonRows: Row[] = Array.from({ length: SKELETON_ROWS }, (_, index) => ({
  name: `skeleton-${index}`,
  city: '',
  country: '',
  cctld: '',
  skeleton: true,
}));

/** What the Message cell says of a region that takes no VPN now. */
export const UNAVAILABLE_TEXT = 'Unavailable: no VPN host is online in this region';

const cellSkeleton = <Skeleton.Input active size="small" />;

/** The regions, one row each, with their Create button. */
export function RegionsTable({ onCreate, creatingRegions = [] }: RegionsTableProps) {
  const { data, isFetching, refetch } = useListRegionsDetailedQuery();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const messages = useAppSelector(selectRegionMessages);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loaded = data !== undefined;
  const rows = useMemo<Row[]>(() => (data ? sortRegions(data) : skeletonRows), [data]);

  const create = (region: RegionDetailed) => {
    if (authenticated && onCreate) onCreate(region);
    else navigate('/pricing');
  };

  const columns: TableColumnsType<Row> = [
    {
      title: 'City',
      dataIndex: 'city',
      key: 'city',
      render: (city: string, row) => (row.skeleton ? cellSkeleton : city),
    },
    {
      title: 'Country',
      dataIndex: 'country',
      key: 'country',
      render: (country: string, row) =>
        row.skeleton ? (
          cellSkeleton
        ) : (
          <Flex align="center" gap="small">
            <CountryFlag cctld={row.cctld} country={country} />
            <span>{country}</span>
          </Flex>
        ),
    },
    {
      title: 'Message',
      key: 'message',
      render: (_, row) => {
        if (row.skeleton) return cellSkeleton;
        const message = messages[row.name];
        if (!message) {
          // No VPN host of the region is online (or all are full) now.
          return row.available === false ? (
            <Typography.Text type="secondary">{UNAVAILABLE_TEXT}</Typography.Text>
          ) : null;
        }
        return (
          <Alert
            type="info"
            showIcon
            title={message}
            closable={{
              'aria-label': 'Dismiss message',
              onClose: () => dispatch(regionMessageDismissed(row.name)),
            }}
          />
        );
      },
    },
    {
      title: 'Action',
      key: 'action',
      render: (_, row) =>
        row.skeleton ? (
          <Skeleton.Button active size="small" />
        ) : (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            loading={creatingRegions.includes(row.name)}
            disabled={row.available === false}
            onClick={() => create(row)}
            aria-label={`Create a VPN in ${row.city}, ${row.country}`}
          >
            Create
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="regions-title">
      <Flex align="center" justify="space-between" gap="small" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={3} id="regions-title" style={{ margin: 0 }}>
          Regions
        </Typography.Title>
        <RefreshButton
          onClick={() => void refetch()}
          loading={isFetching}
          label="Refresh regions"
        />
      </Flex>
      <Table<Row>
        columns={columns}
        dataSource={rows}
        rowKey="name"
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        aria-busy={!loaded}
      />
    </section>
  );
}
