/**
 * Users (docs/operator-console.md "Users"): search accounts by email prefix or sub; each opens
 * its page.
 */
import { Flex, Input, Table, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import type { AdminUsersPage } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import { formatBalance } from '../../balance';
import { useSearchUsersQuery } from '../adminApi';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const USERS_TEXT = {
  title: 'Users',
  search: 'Email prefix or sub',
  searchButton: 'Search',
  empty: 'No account matches.',
  columns: { email: 'Email', created: 'Created', status: 'Status', balance: 'Balance' },
  confirmed: 'confirmed',
  unconfirmed: 'unconfirmed',
  disabled: 'disabled',
  mfa: 'MFA',
} as const;

type Row = AdminUsersPage['users'][number];

/** Tags of an account's state. */
export function AccountTags({ account }: { account: Omit<Row, 'balance'> }) {
  const T = useTexts('adminUsers', USERS_TEXT);
  return (
    <Flex gap="small" wrap>
      <Tag color={account.confirmed ? 'green' : 'default'}>
        {account.confirmed ? T.confirmed : T.unconfirmed}
      </Tag>
      {account.disabled && <Tag color="red">{T.disabled}</Tag>}
      {account.mfaEnabled && <Tag color="blue">{T.mfa}</Tag>}
    </Flex>
  );
}

/** The page; the search term is the URL's `q`. */
export function UsersPage() {
  const T = useTexts('adminUsers', USERS_TEXT);
  const [params, setParams] = useSearchParams();
  const term = params.get('q') ?? '';
  const { data, isFetching } = useSearchUsersQuery(term, { skip: term === '' });
  return (
    <section aria-labelledby="admin-users">
      <Title level={2} id="admin-users">
        {T.title}
      </Title>
      <Flex vertical gap="middle">
        <Input.Search
          aria-label={T.search}
          placeholder={T.search}
          enterButton={T.searchButton}
          defaultValue={term}
          allowClear
          onSearch={(value) => setParams(value.trim() === '' ? {} : { q: value.trim() })}
          style={{ maxWidth: 480 }}
        />
        {term !== '' && (
          <Table<Row>
            rowKey="sub"
            loading={isFetching}
            dataSource={data?.users ?? []}
            locale={{ emptyText: T.empty }}
            pagination={false}
            columns={[
              {
                title: T.columns.email,
                dataIndex: 'email',
                render: (email: string, row) => <Link to={`/admin/users/${row.sub}`}>{email}</Link>,
              },
              {
                title: T.columns.created,
                dataIndex: 'createdAt',
                render: (value: string) => formatDateTime(value),
              },
              {
                title: T.columns.status,
                key: 'status',
                render: (_value, row) => <AccountTags account={row} />,
              },
              {
                title: T.columns.balance,
                dataIndex: 'balance',
                align: 'right',
                render: (value: number) => formatBalance(value),
              },
            ]}
          />
        )}
      </Flex>
    </section>
  );
}
