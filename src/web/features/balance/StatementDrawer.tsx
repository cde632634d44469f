/**
 * The peanut statement: every change of the balance, newest first, with the balance
 * after it: the sign-up bonus, purchases (with their pack and state: paid, refunded, disputed),
 * usage (one line per VPN), refunds and disputes. Older lines load with "Load more".
 */
import { useState } from 'react';
import { Button, Drawer, Flex, Table, Tag, Typography } from 'antd';
import type { PeanutsHistoryEntry, PurchaseState } from '../../../core/statement';
import { formatBalance } from './balanceSeverity';
import { useGetPeanutsHistoryQuery } from './statementApi';

/** Readable names of the entry kinds. */
const KIND_LABELS: Record<string, string> = {
  signup_bonus: 'Sign-up bonus',
  purchase: 'Purchase',
  usage: 'VPN usage',
  refund: 'Refund',
  dispute: 'Dispute',
  dispute_won: 'Dispute won',
  referral_reward: 'Referral reward',
  reversal: 'Reversal',
};

/** Tag colours of the purchase states. */
const STATE_COLOURS: Record<PurchaseState, string> = {
  paid: 'green',
  refunded: 'orange',
  disputed: 'red',
};

/** `+17.00` / `-0.50`. */
function signed(amount: number): string {
  return `${amount > 0 ? '+' : ''}${formatBalance(amount)}`;
}

/** What a line is about: the pack and purchase state, or the VPN. */
function Reference({ entry }: { entry: PeanutsHistoryEntry }) {
  if (entry.pack) {
    const pack = entry.pack.charAt(0).toUpperCase() + entry.pack.slice(1);
    return (
      <Flex gap="small" align="center" wrap>
        <span>{pack} pack</span>
        {entry.purchaseState && (
          <Tag color={STATE_COLOURS[entry.purchaseState]}>{entry.purchaseState}</Tag>
        )}
      </Flex>
    );
  }
  return entry.reference ? (
    <Typography.Text code>{entry.reference}</Typography.Text>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );
}

/** The statement's table and Load more (mounted while the drawer is open, so it reloads). */
function StatementTable() {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const { data, isFetching } = useGetPeanutsHistoryQuery(cursor, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Flex vertical gap="middle">
      <Table<PeanutsHistoryEntry>
        size="small"
        loading={isFetching && !data}
        dataSource={data?.entries ?? []}
        rowKey={(entry) => `${entry.date}|${entry.kind}|${entry.reference ?? ''}`}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Date',
            dataIndex: 'date',
            render: (date: string) => new Date(date).toLocaleString(),
          },
          {
            title: 'Kind',
            dataIndex: 'kind',
            render: (kind: string) => KIND_LABELS[kind] ?? kind,
          },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: signed },
          {
            title: 'Balance after',
            dataIndex: 'balanceAfter',
            align: 'right',
            render: formatBalance,
          },
          {
            title: 'Reference',
            key: 'reference',
            render: (_, entry) => <Reference entry={entry} />,
          },
        ]}
      />
      {data?.nextCursor && (
        <Button loading={isFetching} onClick={() => setCursor(data.nextCursor ?? undefined)}>
          Load more
        </Button>
      )}
    </Flex>
  );
}

/** Props of {@link StatementDrawer}. */
export interface StatementDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The statement in a drawer. */
export function StatementDrawer({ open, onClose }: StatementDrawerProps) {
  return (
    <Drawer title="Peanut statement" open={open} onClose={onClose} size={920} destroyOnHidden>
      {open && <StatementTable />}
    </Drawer>
  );
}
