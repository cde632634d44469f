/**
 * Unmatched payments (docs/operator-console.md "Payments"): paid checkout sessions that credited
 * nothing (no account, an unknown pack, an amount that is not the pack's price), newest first;
 * crediting one to an account as a pack, once, behind a confirmation that asks for the account,
 * the pack and the reason (kept in the audit log).
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { AdminPayment } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import {
  useCreditPaymentMutation,
  useListCreditPacksQuery,
  useListPaymentsQuery,
  useSearchUsersQuery,
} from '../adminApi';
import { ReasonModal, type ReasonValues } from '../ReasonModal';
import { useTexts } from '../../../i18n/context';
import { fill } from '../../../i18n/translator';

/** The page's texts (`{name}` and `{peanuts}` are filled in). */
export const PAYMENTS_TEXT = {
  title: 'Unmatched payments',
  intro:
    "Paid checkout sessions that credited nothing: no account, an unknown pack, or an amount that is not the pack's price.",
  showCredited: 'Show those credited by hand too',
  empty: 'No unmatched payment.',
  credit: 'Credit',
  creditTitle: 'Credit the payment',
  credited: 'credited',
  account: 'Account',
  accountPlaceholder: 'Type an email prefix or sub',
  accountRequired: 'Please choose the account to credit',
  noAccount: 'No confirmed account matches.',
  pack: 'Pack',
  packRequired: 'Please choose the pack',
  packOption: '{{name}}: {{peanuts}} peanuts',
  columns: {
    received: 'Received',
    session: 'Checkout session',
    reason: 'Why unmatched',
    account: 'Account',
    pack: 'Pack',
    paid: 'Paid',
    state: 'State',
  },
} as const;

/** What the credit dialog gives. */
interface CreditValues extends ReasonValues {
  sub: string;
  packId: string;
}

/** Milliseconds the account field waits after a key before searching. */
const SEARCH_DELAY_MS = 250;

/**
 * The account to credit: confirmed accounts found by email prefix or sub as the operator types
 * (an antd Form control: `value` is the sub). A sub given first is looked up to show its email.
 */
function AccountSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (sub: string) => void;
}) {
  const T = useTexts('adminPayments', PAYMENTS_TEXT);
  const [typed, setTyped] = useState(value ?? '');
  const [term, setTerm] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useSearchUsersQuery(term, { skip: term === '' });
  const options = (data?.users ?? [])
    .filter((account) => account.confirmed)
    .map((account) => ({ value: account.sub, label: account.email }));
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: value });
  }
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      placeholder={T.accountPlaceholder}
      // An emptied search (the dropdown closing) keeps the accounts found, and so their emails.
      showSearch={{
        filterOption: false,
        onSearch: (text) => text.trim() !== '' && setTyped(text),
      }}
      loading={isFetching}
      options={options}
      notFoundContent={term === '' ? null : T.noAccount}
    />
  );
}

/** The page. */
export function PaymentsPage() {
  const T = useTexts('adminPayments', PAYMENTS_TEXT);
  const [all, setAll] = useState(false);
  const { data, isFetching } = useListPaymentsQuery(all ? 'all' : 'unmatched');
  const { data: packs = [] } = useListCreditPacksQuery();
  const [target, setTarget] = useState<AdminPayment | undefined>();
  const [credit, crediting] = useCreditPaymentMutation();
  const c = T.columns;
  const confirm = async ({ sub, packId, reason }: CreditValues) => {
    if (!target) return;
    const done = await credit({ sessionId: target.sessionId, sub, packId, reason: reason.trim() });
    if (!('error' in done)) setTarget(undefined);
  };
  return (
    <section aria-labelledby="admin-payments">
      <Title level={2} id="admin-payments">
        {T.title}
      </Title>
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {T.intro}
        </Typography.Paragraph>
        <Checkbox checked={all} onChange={(event) => setAll(event.target.checked)}>
          {T.showCredited}
        </Checkbox>
        <Table<AdminPayment>
          size="small"
          rowKey="sessionId"
          loading={isFetching}
          dataSource={data ?? []}
          locale={{ emptyText: T.empty }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          columns={[
            {
              title: c.received,
              dataIndex: 'receivedAt',
              render: (v: string) => formatDateTime(v),
            },
            {
              title: c.session,
              dataIndex: 'sessionId',
              render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
            },
            { title: c.reason, dataIndex: 'reason' },
            {
              title: c.account,
              dataIndex: 'userSub',
              render: (sub: string | null) => sub && <Link to={`/admin/users/${sub}`}>{sub}</Link>,
            },
            { title: c.pack, dataIndex: 'packId' },
            {
              title: c.paid,
              key: 'paid',
              align: 'right',
              render: (_v, row) => `${(row.amountTotal / 100).toFixed(2)} ${row.currency}`,
            },
            {
              title: c.state,
              key: 'state',
              render: (_v, row) =>
                row.creditedAt ? (
                  <Flex gap="small" wrap>
                    <Tag color="green">{T.credited}</Tag>
                    {formatDateTime(row.creditedAt)}
                  </Flex>
                ) : (
                  <Button size="small" type="primary" onClick={() => setTarget(row)}>
                    {T.credit}
                  </Button>
                ),
            },
          ]}
        />
      </Flex>
      <ReasonModal<CreditValues>
        open={target !== undefined}
        title={`${T.creditTitle} ${target?.sessionId ?? ''}`}
        okText={T.credit}
        busy={crediting.isLoading}
        initialValues={{
          sub: target?.userSub ?? undefined,
          packId: packs.find((pack) => pack.id === target?.packId)?.id,
        }}
        onCancel={() => setTarget(undefined)}
        onConfirm={(values) => void confirm(values)}
      >
        <Form.Item
          name="sub"
          label={T.account}
          rules={[{ required: true, message: T.accountRequired }]}
        >
          <AccountSelect />
        </Form.Item>
        <Form.Item
          name="packId"
          label={T.pack}
          rules={[{ required: true, message: T.packRequired }]}
        >
          <Select
            options={packs.map((pack) => ({
              value: pack.id,
              label: fill(T.packOption, { name: pack.name, peanuts: pack.peanuts }),
            }))}
          />
        </Form.Item>
      </ReasonModal>
    </section>
  );
}
