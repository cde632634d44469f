/**
 * The referral history (spec §2 "History table", §4 "Referral history loading", §5, §8): Date,
 * Your Reward and Friend's Reward columns, date and reward sorting, From/To filters with Clear
 * Filters, Total and Earned summaries, 10 rows per page, Load More History, and the empty,
 * loading and error texts.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Flex, Table, Typography, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReferralHistoryItem } from '../../../sdk/referral';
import {
  DEFAULT_HISTORY_SORT,
  filterHistory,
  formatHistoryDate,
  formatReward,
  friendsReward,
  yourReward,
  HISTORY_PAGE_SIZE,
  HISTORY_TEXTS,
  showLoadMore,
  sortHistory,
  summarizeHistory,
  type HistorySort,
  type HistorySortField,
} from './historyRules';
import { useGetReferralHistoryQuery } from './referralApi';

/** Props of {@link ReferralHistory}. */
export interface ReferralHistoryProps {
  /** The client has a session and a user; otherwise the fetch is skipped (spec §6). */
  sessionReady: boolean;
}

/** The history table with its filters, summaries and Load More. */
export function ReferralHistory({ sessionReady }: ReferralHistoryProps) {
  const [nextToken, setNextToken] = useState<string | undefined>(undefined);
  const { data, isLoading, isFetching, isError, refetch } = useGetReferralHistoryQuery(nextToken, {
    skip: !sessionReady,
    refetchOnMountOrArgChange: true,
  });
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const [sort, setSort] = useState<HistorySort>(DEFAULT_HISTORY_SORT);
  const [page, setPage] = useState(1);
  const [errorShown, setErrorShown] = useState(true);

  const loaded = useMemo(() => data?.history ?? [], [data]);
  const filtered = useMemo(
    () =>
      sortHistory(
        filterHistory(loaded, { from: from?.valueOf() ?? null, to: to?.valueOf() ?? null }),
        sort,
      ),
    [loaded, from, to, sort],
  );
  const { total, earned } = summarizeHistory(filtered);
  const filtering = from !== null || to !== null;
  const loadingMore = isFetching && nextToken !== undefined;

  const onTableChange: TableProps<ReferralHistoryItem>['onChange'] = (
    pagination,
    _filters,
    sorter,
    extra,
  ) => {
    if (extra.action === 'paginate') {
      setPage(pagination.current ?? 1);
      return;
    }
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = (sorter.columnKey as HistorySortField | undefined) ?? sort.field;
    // A third click would clear the sort: toggle the direction instead.
    const order = sorter.order ?? (sort.order === 'ascend' ? 'descend' : 'ascend');
    setSort({ field, order });
    setPage(1);
  };

  const columns: TableProps<ReferralHistoryItem>['columns'] = [
    {
      title: 'Date',
      key: 'createdAt',
      dataIndex: 'createdAt',
      render: (createdAt: string) => formatHistoryDate(createdAt),
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sort.field === 'createdAt' ? sort.order : null,
    },
    {
      title: 'Your Reward',
      key: 'referrerReward',
      align: 'right',
      render: (_: unknown, item: ReferralHistoryItem) => formatReward(yourReward(item)),
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sort.field === 'referrerReward' ? sort.order : null,
    },
    {
      title: "Friend's Reward",
      key: 'refereeReward',
      align: 'right',
      render: (_: unknown, item: ReferralHistoryItem) => formatReward(friendsReward(item)),
    },
  ];

  const failed = isError && errorShown && (
    <Alert
      type="error"
      showIcon
      closable={{ onClose: () => setErrorShown(false), 'aria-label': 'Dismiss' }}
      title={HISTORY_TEXTS.loadFailed}
    />
  );

  if (!data && isError) return <Flex vertical>{failed}</Flex>;
  if (!sessionReady || isLoading || !data) {
    return (
      <Flex vertical gap="middle">
        {failed}
        <Typography.Text>{HISTORY_TEXTS.loading}</Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle">
      {failed}
      <Flex gap="small" wrap align="center">
        <DatePicker
          placeholder="From Date"
          aria-label="From Date"
          value={from}
          onChange={(value) => {
            setFrom(value);
            setPage(1);
          }}
        />
        <DatePicker
          placeholder="To Date"
          aria-label="To Date"
          value={to}
          onChange={(value) => {
            setTo(value);
            setPage(1);
          }}
        />
        <Button
          disabled={!filtering}
          onClick={() => {
            setFrom(null);
            setTo(null);
            setPage(1);
          }}
        >
          Clear Filters
        </Button>
      </Flex>
      <Flex gap="large" wrap>
        <Typography.Text>
          Total: <strong data-testid="history-total">{total}</strong>
        </Typography.Text>
        <Typography.Text>
          Earned: <strong data-testid="history-earned">{formatReward(earned)}</strong> peanuts
        </Typography.Text>
      </Flex>
      <Table<ReferralHistoryItem>
        size="small"
        rowKey="relationshipId"
        columns={columns}
        dataSource={filtered}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        locale={{
          emptyText: loaded.length === 0 ? HISTORY_TEXTS.empty : HISTORY_TEXTS.noMatch,
        }}
        scroll={{ x: 'max-content' }}
      />
      {showLoadMore({
        hasMore: data.pagination.hasMore,
        filteredCount: filtered.length,
        loadedCount: loaded.length,
      }) && (
        <div>
          <Button
            loading={loadingMore}
            disabled={isFetching}
            onClick={() => {
              const token = data.pagination.nextToken ?? undefined;
              // After a failed fetch the token is unchanged: fetch it again.
              if (token === nextToken) void refetch();
              else setNextToken(token);
            }}
          >
            {loadingMore ? HISTORY_TEXTS.loadingMore : HISTORY_TEXTS.loadMore}
          </Button>
        </div>
      )}
      <Typography.Text type="secondary">{HISTORY_TEXTS.privacy}</Typography.Text>
    </Flex>
  );
}
