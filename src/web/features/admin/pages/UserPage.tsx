/**
 * A user's page (docs/operator-console.md "Users"): the account, its balance and statement, its
 * VPNs, purchases and referral relationships; credit or debit peanuts, disable or enable the
 * account, each behind a confirmation that asks for the reason.
 */
import { useState, type ReactNode } from 'react';
import { Button, Descriptions, Flex, Statistic, Table, Tag } from 'antd';
import { useParams } from 'react-router-dom';
import type { AdminUserDetail } from '../../../../sdk/admin';
import { PageLoader } from '../../../components/PageLoader';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import { formatBalance } from '../../balance';
import { useAdjustPeanutsMutation, useGetUserQuery, useSetUserDisabledMutation } from '../adminApi';
import { newIdempotencyKey } from '../idempotency';
import { ReasonModal, type ReasonValues } from '../ReasonModal';
import { VpnTable } from './VpnsPage';
import { AccountTags } from './UsersPage';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const USER_TEXT = {
  loading: 'Loading the account...',
  account: 'Account',
  email: 'Email',
  sub: 'Sub',
  created: 'Created',
  status: 'Status',
  balance: 'Balance (peanuts)',
  adjust: 'Credit or debit peanuts',
  adjustTitle: 'Credit or debit peanuts',
  adjustOk: 'Apply',
  disable: 'Disable the account',
  disableOk: 'Disable',
  enable: 'Enable the account',
  enableOk: 'Enable',
  statement: 'Statement',
  vpns: 'VPNs',
  purchases: 'Purchases',
  referrals: 'Referral relationships',
  noStatement: 'No balance change yet.',
  noPurchases: 'No purchase.',
  noReferrals: 'No referral relationship.',
  columns: {
    date: 'Date',
    kind: 'Kind',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    reference: 'Reference',
    session: 'Checkout session',
    pack: 'Pack',
    peanuts: 'Peanuts',
    paid: 'Paid',
    state: 'State',
    refunded: 'Refunded peanuts',
    dispute: 'Dispute',
    relationship: 'Relationship',
    role: 'Role',
    other: 'Other account',
  },
} as const;

type Action = 'adjust' | 'disable' | 'enable';

/** The page of `/admin/users/:sub`. */
export function UserPage() {
  const T = useTexts('adminUser', USER_TEXT);
  const { sub = '' } = useParams();
  const { data } = useGetUserQuery(sub);
  const [action, setAction] = useState<Action | undefined>();
  // One key per opened dialog: a retried submission of it changes nothing twice.
  const [idempotencyKey, setIdempotencyKey] = useState('');
  const [adjust, adjusting] = useAdjustPeanutsMutation();
  const [setDisabled, switching] = useSetUserDisabledMutation();
  if (!data) return <PageLoader text={T.loading} />;

  const open = (next: Action) => {
    setIdempotencyKey(newIdempotencyKey());
    setAction(next);
  };
  const confirm = async (values: ReasonValues) => {
    const reason = values.reason.trim();
    const done =
      action === 'adjust'
        ? await adjust({ sub, peanuts: values.peanuts ?? 0, reason, idempotencyKey })
        : await setDisabled({ sub, disabled: action === 'disable', reason });
    if (!('error' in done)) setAction(undefined);
  };
  const { account } = data;
  return (
    <Flex vertical gap="large">
      <section aria-labelledby="admin-account">
        <Title level={2} id="admin-account">
          {account.email}
        </Title>
        <Flex gap="large" wrap align="start">
          <Descriptions bordered size="small" column={1} style={{ flex: '1 1 420px' }}>
            <Descriptions.Item label={T.email}>{account.email}</Descriptions.Item>
            <Descriptions.Item label={T.sub}>{account.sub}</Descriptions.Item>
            <Descriptions.Item label={T.created}>
              {formatDateTime(account.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={T.status}>
              <AccountTags account={account} />
            </Descriptions.Item>
          </Descriptions>
          <Flex vertical gap="middle">
            <Statistic title={T.balance} value={formatBalance(data.balance)} />
            <Button type="primary" onClick={() => open('adjust')}>
              {T.adjust}
            </Button>
            {account.disabled ? (
              <Button onClick={() => open('enable')}>{T.enable}</Button>
            ) : (
              <Button danger onClick={() => open('disable')}>
                {T.disable}
              </Button>
            )}
          </Flex>
        </Flex>
      </section>
      <ReasonModal
        open={action !== undefined}
        title={action === 'adjust' ? T.adjustTitle : action === 'enable' ? T.enable : T.disable}
        okText={action === 'adjust' ? T.adjustOk : action === 'enable' ? T.enableOk : T.disableOk}
        withPeanuts={action === 'adjust'}
        busy={adjusting.isLoading || switching.isLoading}
        onConfirm={(values) => void confirm(values)}
        onCancel={() => setAction(undefined)}
      />
      <UserTables data={data} />
    </Flex>
  );
}

/** The statement, VPNs, purchases and referrals of an account. */
/** A section of the user's page under its h3 title, which names it for assistive technology. */
function UserSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title level={3} id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function UserTables({ data }: { data: AdminUserDetail }) {
  const T = useTexts('adminUser', USER_TEXT);
  const c = T.columns;
  return (
    <>
      <UserSection id="admin-statement" title={T.statement}>
        <Table
          size="small"
          rowKey={(row) => `${row.date}:${row.kind}:${row.reference ?? ''}`}
          dataSource={data.statement}
          locale={{ emptyText: T.noStatement }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: c.date, dataIndex: 'date', render: (v: string) => formatDateTime(v) },
            { title: c.kind, dataIndex: 'kind', render: (v: string) => <Tag>{v}</Tag> },
            {
              title: c.amount,
              dataIndex: 'amount',
              align: 'right',
              render: (v: number) => formatBalance(v),
            },
            {
              title: c.balanceAfter,
              dataIndex: 'balanceAfter',
              align: 'right',
              render: (v: number) => formatBalance(v),
            },
            { title: c.reference, dataIndex: 'reference' },
          ]}
        />
      </UserSection>
      <UserSection id="admin-user-vpns" title={T.vpns}>
        <VpnTable vpns={data.vpns} />
      </UserSection>
      <UserSection id="admin-purchases" title={T.purchases}>
        <Table
          size="small"
          rowKey="sessionId"
          dataSource={data.purchases}
          locale={{ emptyText: T.noPurchases }}
          pagination={false}
          columns={[
            { title: c.date, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: c.session, dataIndex: 'sessionId' },
            { title: c.pack, dataIndex: 'packId' },
            { title: c.peanuts, dataIndex: 'peanuts', align: 'right' },
            {
              title: c.paid,
              key: 'paid',
              render: (_v, row) => `${(row.amountTotal / 100).toFixed(2)} ${row.currency}`,
            },
            { title: c.state, dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
            { title: c.refunded, dataIndex: 'refundedPeanuts', align: 'right' },
            { title: c.dispute, dataIndex: 'dispute' },
          ]}
        />
      </UserSection>
      <UserSection id="admin-referrals" title={T.referrals}>
        <Table
          size="small"
          rowKey="relationshipId"
          dataSource={data.referrals}
          locale={{ emptyText: T.noReferrals }}
          pagination={false}
          columns={[
            { title: c.date, dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
            { title: c.relationship, dataIndex: 'relationshipId' },
            { title: c.role, dataIndex: 'role' },
            { title: c.other, dataIndex: 'otherSub' },
            { title: c.state, dataIndex: 'state', render: (v: string) => <Tag>{v}</Tag> },
          ]}
        />
      </UserSection>
    </>
  );
}
