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
import { REGIONS_TEXT, UNAVAILABLE_TEXT } from './regionsText';
import { useTexts, useTranslator } from '../../i18n/context';
import { INTL_LOCALES, type Language } from '../../i18n/languages';
import { useMessageText } from '../../i18n/context';
import { fill } from '../../i18n/translator';

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

export { UNAVAILABLE_TEXT };

/** A country's name in `language` from its country code (cctld), else the API's English name. */
function countryName(language: Language, cctld: string, english: string): string {
  if (language === 'en' || !/^[a-z]{2}$/i.test(cctld)) return english;
  try {
    return (
      new Intl.DisplayNames([INTL_LOCALES[language]], { type: 'region' }).of(
        cctld.toUpperCase() === 'UK' ? 'GB' : cctld.toUpperCase(),
      ) ?? english
    );
  } catch {
    return english;
  }
}

const cellSkeleton = <Skeleton.Input active size="small" />;

/** The regions, one row each, with their Create button. */
export function RegionsTable({ onCreate, creatingRegions = [] }: RegionsTableProps) {
  const { data, isFetching, refetch } = useListRegionsDetailedQuery();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const messages = useAppSelector(selectRegionMessages);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const loaded = data !== undefined;
  const text = useTexts('regions', REGIONS_TEXT);
  const { language } = useTranslator();
  const message = useMessageText();
  const rows = useMemo<Row[]>(() => (data ? sortRegions(data) : skeletonRows), [data]);

  const create = (region: RegionDetailed) => {
    if (authenticated && onCreate) onCreate(region);
    else navigate('/pricing');
  };

  const columns: TableColumnsType<Row> = [
    {
      title: text.city,
      dataIndex: 'city',
      key: 'city',
      render: (city: string, row) => (row.skeleton ? cellSkeleton : city),
    },
    {
      title: text.country,
      dataIndex: 'country',
      key: 'country',
      render: (country: string, row) =>
        row.skeleton ? (
          cellSkeleton
        ) : (
          <Flex align="center" gap="small">
            <CountryFlag cctld={row.cctld} country={country} />
            <span>{countryName(language, row.cctld, country)}</span>
          </Flex>
        ),
    },
    {
      title: text.message,
      key: 'message',
      render: (_, row) => {
        if (row.skeleton) return cellSkeleton;
        const said = messages[row.name];
        if (!said) {
          // No VPN host of the region is online (or all are full) now.
          return row.available === false ? (
            <Typography.Text type="secondary">{text.unavailable}</Typography.Text>
          ) : null;
        }
        return (
          <Alert
            type="info"
            showIcon
            title={message(said)}
            closable={{
              'aria-label': text.dismiss,
              onClose: () => dispatch(regionMessageDismissed(row.name)),
            }}
          />
        );
      },
    },
    {
      title: text.action,
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
            aria-label={fill(text.createIn, {
              city: row.city,
              country: countryName(language, row.cctld, row.country),
            })}
          >
            {text.create}
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="regions-title">
      <Flex align="center" justify="space-between" gap="small" wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={2} id="regions-title" style={{ margin: 0 }}>
          {text.title}
        </Typography.Title>
        <RefreshButton onClick={() => void refetch()} loading={isFetching} label={text.refresh} />
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
