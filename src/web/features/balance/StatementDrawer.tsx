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
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber } from '../../i18n/format';
import { INTL_LOCALES, type Language } from '../../i18n/languages';
import { fill } from '../../i18n/translator';

/** The statement's texts (English; namespace `statement`). */
export const STATEMENT_TEXT = {
  title: 'Peanut statement',
  date: 'Date',
  kind: 'Kind',
  amount: 'Amount',
  balanceAfter: 'Balance after',
  reference: 'Reference',
  loadMore: 'Load more',
  pack: '{{pack}} pack',
  /** Readable names of the entry kinds. */
  kinds: {
    signup_bonus: 'Sign-up bonus',
    purchase: 'Purchase',
    usage: 'VPN usage',
    refund: 'Refund',
    dispute: 'Dispute',
    dispute_won: 'Dispute won',
    referral_reward: 'Referral reward',
    reversal: 'Reversal',
    adjustment: 'Adjustment',
  },
  states: { paid: 'paid', refunded: 'refunded', disputed: 'disputed' },
} as const;

/** Tag colours of the purchase states. */
const STATE_COLOURS: Record<PurchaseState, string> = {
  paid: 'green',
  refunded: 'orange',
  disputed: 'red',
};

/** `+17.00` / `-0.50` (in `language`'s number format). */
function signed(amount: number, language: Language): string {
  return `${amount > 0 ? '+' : ''}${localizeNumber(language, formatBalance(amount))}`;
}

/** What a line is about: the pack and purchase state, or the VPN. */
function Reference({ entry }: { entry: PeanutsHistoryEntry }) {
  const text = useTexts('statement', STATEMENT_TEXT);
  if (entry.pack) {
    const pack = entry.pack.charAt(0).toUpperCase() + entry.pack.slice(1);
    return (
      <Flex gap="small" align="center" wrap>
        <span>{fill(text.pack, { pack })}</span>
        {entry.purchaseState && (
          <Tag color={STATE_COLOURS[entry.purchaseState]}>
            {text.states[entry.purchaseState] ?? entry.purchaseState}
          </Tag>
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
  const text = useTexts('statement', STATEMENT_TEXT);
  const { language } = useTranslator();
  const kinds: Readonly<Record<string, string>> = text.kinds;
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
            title: text.date,
            dataIndex: 'date',
            render: (date: string) => new Date(date).toLocaleString(INTL_LOCALES[language]),
          },
          {
            title: text.kind,
            dataIndex: 'kind',
            render: (kind: string) => kinds[kind] ?? kind,
          },
          {
            title: text.amount,
            dataIndex: 'amount',
            align: 'right',
            render: (amount: number) => signed(amount, language),
          },
          {
            title: text.balanceAfter,
            dataIndex: 'balanceAfter',
            align: 'right',
            render: (amount: number) => localizeNumber(language, formatBalance(amount)),
          },
          {
            title: text.reference,
            key: 'reference',
            render: (_, entry) => <Reference entry={entry} />,
          },
        ]}
      />
      {data?.nextCursor && (
        <Button loading={isFetching} onClick={() => setCursor(data.nextCursor ?? undefined)}>
          {text.loadMore}
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
  const text = useTexts('statement', STATEMENT_TEXT);
  return (
    <Drawer title={text.title} open={open} onClose={onClose} size={920} destroyOnHidden>
      {open && <StatementTable />}
    </Drawer>
  );
}
