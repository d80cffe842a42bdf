import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LEDGER_STATES, type LedgerRow, type LedgerState } from '../../../../contract/ledger';
import { formatMoney } from '../../../../contract/money';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import {
  ledgerCsvUrl,
  ledgerRequested,
  NO_LEDGER_FILTERS,
  type LedgerFilters,
} from './ledgerSlice';
import { LEDGER_WORDS, ledgerRowInWords, STATE_WORDS } from './ledgerWords';

// One view of every change (docs/reseller-console.md, The ledger): every customer's purchases and
// delegate changes with their amounts and states, filtered, a page at a time, and their CSV.

const STATE_COLOURS: Partial<Record<LedgerState, string>> = {
  failed: 'red',
  'not-made': 'orange',
  unconfirmed: 'gold',
  pending: 'blue',
  'outside-change': 'purple',
};

const columns = [
  {
    title: LEDGER_WORDS.when,
    dataIndex: 'at',
    render: (at: string) => new Date(at).toLocaleString(),
  },
  {
    title: 'Customer',
    key: 'customer',
    render: (_: unknown, row: LedgerRow) => (
      <Space orientation="vertical" size={0}>
        <span>{row.customerDomain ?? row.customerId}</span>
        <Typography.Text type="secondary">{row.customerId}</Typography.Text>
      </Space>
    ),
  },
  {
    title: LEDGER_WORDS.change,
    key: 'change',
    render: (_: unknown, row: LedgerRow) => ledgerRowInWords(row),
  },
  { title: LEDGER_WORDS.who, dataIndex: 'actor' },
  {
    title: LEDGER_WORDS.state,
    dataIndex: 'state',
    render: (state: LedgerState) => <Tag color={STATE_COLOURS[state]}>{STATE_WORDS[state]}</Tag>,
  },
  {
    title: LEDGER_WORDS.amount,
    key: 'amount',
    align: 'right' as const,
    render: (_: unknown, row: LedgerRow) =>
      row.charge === null
        ? LEDGER_WORDS.noAmount
        : formatMoney(row.charge.amountMinor, row.charge.currency),
  },
];

const stateChoices = [
  { value: '', label: LEDGER_WORDS.anyState },
  ...LEDGER_STATES.map((state) => ({ value: state, label: STATE_WORDS[state] })),
];

/** Blank fields are no filter. */
function filtersOf(fields: { customerId: string; from: string; to: string; state: string }) {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    customerId: text(fields.customerId),
    from: text(fields.from),
    to: text(fields.to),
    state: LEDGER_STATES.find((state) => state === fields.state) ?? null,
  } satisfies LedgerFilters;
}

export function LedgerScreen() {
  const dispatch = useConsoleDispatch();
  const { status, rows, filters, cursor, nextCursor, error } = useConsoleSelector(
    (state) => state.ledger,
  );
  const [fields, setFields] = useState({ customerId: '', from: '', to: '', state: '' });
  useEffect(() => {
    dispatch(ledgerRequested({ filters: NO_LEDGER_FILTERS, cursor: null }));
  }, [dispatch]);
  const field = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));
  return (
    <Card
      title={LEDGER_WORDS.title}
      extra={
        // The applied filters' CSV, every page of it, as the server writes it (docs/api.md).
        <Button href={ledgerCsvUrl(filters)} download>
          {LEDGER_WORDS.downloadCsv}
        </Button>
      }
    >
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={() => dispatch(ledgerRequested({ filters: filtersOf(fields), cursor: null }))}
      >
        <Form.Item label={LEDGER_WORDS.customer} htmlFor="ledger-customer">
          <Input
            id="ledger-customer"
            value={fields.customerId}
            onChange={(event) => field('customerId')(event.target.value)}
          />
        </Form.Item>
        <Form.Item label={LEDGER_WORDS.from} htmlFor="ledger-from">
          <Input
            id="ledger-from"
            type="date"
            value={fields.from}
            onChange={(event) => field('from')(event.target.value)}
          />
        </Form.Item>
        <Form.Item label={LEDGER_WORDS.to} htmlFor="ledger-to">
          <Input
            id="ledger-to"
            type="date"
            value={fields.to}
            onChange={(event) => field('to')(event.target.value)}
          />
        </Form.Item>
        <Form.Item label={LEDGER_WORDS.state} htmlFor="ledger-state">
          <Select
            id="ledger-state"
            style={{ minWidth: 170 }}
            value={fields.state}
            options={stateChoices}
            onChange={field('state')}
          />
        </Form.Item>
        <Button htmlType="submit" type="primary">
          {LEDGER_WORDS.apply}
        </Button>
      </Form>
      {error === null ? null : <Alert type="error" role="alert" showIcon title={error} />}
      <Table<LedgerRow>
        rowKey="id"
        size="small"
        loading={status === 'loading'}
        columns={columns}
        dataSource={rows}
        pagination={false}
        // In the text's own colour: antd's pale empty text fails the contrast check.
        locale={{ emptyText: <Typography.Text>{LEDGER_WORDS.empty}</Typography.Text> }}
        aria-label={LEDGER_WORDS.title}
      />
      <Space style={{ marginTop: 16 }}>
        <Button
          disabled={cursor === null}
          onClick={() => dispatch(ledgerRequested({ filters, cursor: null }))}
        >
          {LEDGER_WORDS.newest}
        </Button>
        <Button
          disabled={nextCursor === null}
          onClick={() => dispatch(ledgerRequested({ filters, cursor: nextCursor }))}
        >
          {LEDGER_WORDS.older}
        </Button>
      </Space>
    </Card>
  );
}
