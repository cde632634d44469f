/**
 * Audit log (docs/operator-console.md "Audit log"): every operator action, newest first, with
 * the operator, the target, the reason and the before/after; older entries with Load more.
 */
import { useState } from 'react';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { AdminAuditEntry } from '../../../../sdk/admin';
import { Title } from '../../../components/typography';
import { formatDateTime } from '../../../lib/time';
import { useListAuditQuery } from '../adminApi';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const AUDIT_TEXT = {
  title: 'Audit log',
  loadMore: 'Load more',
  empty: 'No operator action yet.',
  columns: {
    at: 'Time',
    operator: 'Operator',
    action: 'Action',
    target: 'Target',
    reason: 'Reason',
    change: 'Before → after',
  },
} as const;

/** A before/after value in one line. */
function change(entry: AdminAuditEntry): string {
  if (entry.before === null && entry.after === null) return '';
  return `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}`;
}

/** One page of entries (the first, or after `cursor`). */
function AuditChunk({
  cursor,
  last,
  onMore,
}: {
  cursor?: string;
  /** The last chunk shown: it offers Load more. */
  last: boolean;
  onMore: (next: string) => void;
}) {
  const T = useTexts('adminAudit', AUDIT_TEXT);
  const { data, isFetching } = useListAuditQuery(cursor);
  const c = T.columns;
  return (
    <Flex vertical gap="small">
      <Table<AdminAuditEntry>
        size="small"
        rowKey="id"
        loading={isFetching}
        dataSource={data?.entries ?? []}
        locale={{ emptyText: T.empty }}
        pagination={false}
        scroll={{ x: true }}
        showHeader={cursor === undefined}
        columns={[
          { title: c.at, dataIndex: 'at', width: 190, render: (v: string) => formatDateTime(v) },
          { title: c.operator, dataIndex: 'operatorEmail' },
          { title: c.action, dataIndex: 'action', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: c.target,
            key: 'target',
            render: (_v, row) => `${row.targetType} ${row.targetId}`,
          },
          { title: c.reason, dataIndex: 'reason' },
          {
            title: c.change,
            key: 'change',
            render: (_v, row) => <Typography.Text code>{change(row)}</Typography.Text>,
          },
        ]}
      />
      {last && data?.nextCursor && (
        <Button onClick={() => onMore(data.nextCursor ?? '')}>{T.loadMore}</Button>
      )}
    </Flex>
  );
}

/** The page. */
export function AuditPage() {
  const T = useTexts('adminAudit', AUDIT_TEXT);
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <section aria-labelledby="admin-audit">
      <Title level={2} id="admin-audit">
        {T.title}
      </Title>
      <AuditChunk last={cursors.length === 0} onMore={(next) => setCursors([next])} />
      {cursors.map((cursor, index) => (
        <AuditChunk
          key={cursor}
          cursor={cursor}
          last={index === cursors.length - 1}
          onMore={(next) => setCursors((all) => [...all.slice(0, index + 1), next])}
        />
      ))}
    </section>
  );
}
