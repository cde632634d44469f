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
  showLoadMore,
  sortHistory,
  summarizeHistory,
  type HistorySort,
  type HistorySortField,
} from './historyRules';
import { useIntlLocale, useTexts } from '../../i18n/context';
import { Rich } from '../../i18n/rich';
import { useGetReferralHistoryQuery } from './referralApi';
import { REFERRAL_TEXT } from './referralText';

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
  const T = useTexts('referral', REFERRAL_TEXT).history;
  const locale = useIntlLocale();

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
      title: T.date,
      key: 'createdAt',
      dataIndex: 'createdAt',
      render: (createdAt: string) => formatHistoryDate(createdAt, locale),
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sort.field === 'createdAt' ? sort.order : null,
    },
    {
      title: T.yourReward,
      key: 'referrerReward',
      align: 'right',
      render: (_: unknown, item: ReferralHistoryItem) => formatReward(yourReward(item)),
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: sort.field === 'referrerReward' ? sort.order : null,
    },
    {
      title: T.friendsReward,
      key: 'refereeReward',
      align: 'right',
      render: (_: unknown, item: ReferralHistoryItem) => formatReward(friendsReward(item)),
    },
  ];

  const failed = isError && errorShown && (
    <Alert
      type="error"
      showIcon
      closable={{ onClose: () => setErrorShown(false), 'aria-label': T.dismiss }}
      title={T.loadFailed}
    />
  );

  if (!data && isError) return <Flex vertical>{failed}</Flex>;
  if (!sessionReady || isLoading || !data) {
    return (
      <Flex vertical gap="middle">
        {failed}
        <Typography.Text>{T.loading}</Typography.Text>
      </Flex>
    );
  }

  return (
    <Flex vertical gap="middle">
      {failed}
      <Flex gap="small" wrap align="center">
        <DatePicker
          placeholder={T.fromDate}
          aria-label={T.fromDate}
          value={from}
          onChange={(value) => {
            setFrom(value);
            setPage(1);
          }}
        />
        <DatePicker
          placeholder={T.toDate}
          aria-label={T.toDate}
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
          {T.clear}
        </Button>
      </Flex>
      <Flex gap="large" wrap>
        <Typography.Text>
          <Rich
            text={T.total}
            parts={{ count: () => <strong data-testid="history-total">{total}</strong> }}
          />
        </Typography.Text>
        <Typography.Text>
          <Rich
            text={T.earned}
            parts={{
              amount: () => <strong data-testid="history-earned">{formatReward(earned)}</strong>,
            }}
          />
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
          emptyText: loaded.length === 0 ? T.empty : T.noMatch,
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
            {loadingMore ? T.loadingMore : T.loadMore}
          </Button>
        </div>
      )}
      <Typography.Text type="secondary">{T.privacy}</Typography.Text>
    </Flex>
  );
}
