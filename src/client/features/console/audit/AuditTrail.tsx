import { Alert, Button, Card, Form, Input, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { StaffAction, StaffActionState } from '../../../../contract/staffActions';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import { CONSOLE_WORDS, settingValue, STAFF_ACTION_WORDS } from '../consoleWords';
import { auditRequested } from './auditSlice';

// The audit trail of staff actions (docs/behaviour.md 10): newest first, filtered by customer, one
// page at a time; every field that changed, before → after.

/** The fields that differ, as "seatCap: 50 → 80"; a first setting lists what it set. */
function changeWords(before: StaffActionState | null, after: StaffActionState | null): string[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => before === null || before[field] !== after?.[field])
    .map((field) => {
      const was = before === null ? '' : `${settingValue(before[field] ?? null)} → `;
      return `${field}: ${was}${settingValue(after?.[field] ?? null)}`;
    });
}

const columns = [
  {
    title: CONSOLE_WORDS.auditWhen,
    dataIndex: 'at',
    render: (at: string) => new Date(at).toLocaleString(),
  },
  { title: CONSOLE_WORDS.auditWho, dataIndex: 'actor' },
  {
    title: CONSOLE_WORDS.auditWhat,
    dataIndex: 'kind',
    render: (kind: StaffAction['kind']) => STAFF_ACTION_WORDS[kind],
  },
  {
    title: CONSOLE_WORDS.auditCustomer,
    dataIndex: 'customerId',
    render: (customerId: string | null) => customerId ?? CONSOLE_WORDS.allCustomers,
  },
  {
    title: CONSOLE_WORDS.auditChange,
    key: 'change',
    render: (_: unknown, action: StaffAction) => (
      <Space orientation="vertical" size={0}>
        {changeWords(action.before, action.after).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </Space>
    ),
  },
];

export function AuditTrail() {
  const dispatch = useConsoleDispatch();
  const { status, actions, customerId, cursor, nextCursor, error } = useConsoleSelector(
    (state) => state.audit,
  );
  const [filter, setFilter] = useState('');
  useEffect(() => {
    dispatch(auditRequested({ customerId: null, cursor: null }));
  }, [dispatch]);
  const only = filter.trim() === '' ? null : filter.trim();
  return (
    <Card title={CONSOLE_WORDS.auditTrail}>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={() => dispatch(auditRequested({ customerId: only, cursor: null }))}
      >
        <Form.Item label={CONSOLE_WORDS.auditFilter} htmlFor="audit-customer">
          <Input id="audit-customer" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </Form.Item>
        <Button htmlType="submit">{CONSOLE_WORDS.auditFilterButton}</Button>
      </Form>
      {error === null ? null : <Alert type="error" role="alert" showIcon title={error} />}
      <Table<StaffAction>
        rowKey="id"
        size="small"
        loading={status === 'loading'}
        columns={columns}
        dataSource={actions}
        pagination={false}
        // In the text's own colour: antd's pale empty text fails the contrast check.
        locale={{ emptyText: <Typography.Text>{CONSOLE_WORDS.auditEmpty}</Typography.Text> }}
        aria-label={CONSOLE_WORDS.auditTrail}
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          disabled={cursor === null}
          onClick={() => dispatch(auditRequested({ customerId, cursor: null }))}
        >
          {CONSOLE_WORDS.auditNewest}
        </Button>
        <Button
          disabled={nextCursor === null}
          onClick={() => dispatch(auditRequested({ customerId, cursor: nextCursor }))}
        >
          {CONSOLE_WORDS.auditOlder}
        </Button>
        {customerId === null ? null : (
          <Typography.Text type="secondary">{customerId}</Typography.Text>
        )}
      </Space>
    </Card>
  );
}
