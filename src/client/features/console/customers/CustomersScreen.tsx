import { Alert, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useEffect } from 'react';
import type { CustomerRow, CustomerSortField } from '../../../../contract/customerList';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import { customerSettingsOpened } from '../settings/settingsSlice';
import { customersRequested, FIRST_CUSTOMERS_SEARCH } from './customersSlice';
import { CUSTOMERS_WORDS, planWords, settingsWords } from './customersWords';

// The console's first screen (docs/reseller-console.md, Customers): every customer with a Workspace
// subscription, searched, sorted and paged by the server; a row's Settings opens its settings dialog.

type SortOrderWords = 'ascend' | 'descend';

function column(
  key: CustomerSortField,
  title: string,
  render?: (row: CustomerRow) => React.ReactNode,
) {
  return {
    key,
    title,
    sorter: true,
    ...(render === undefined ? {} : { render: (_: unknown, row: CustomerRow) => render(row) }),
  };
}

export function CustomersScreen() {
  const dispatch = useConsoleDispatch();
  const { status, search, page, error } = useConsoleSelector((state) => state.customers);
  useEffect(() => {
    dispatch(customersRequested(FIRST_CUSTOMERS_SEARCH));
  }, [dispatch]);

  const sortOrder = (key: CustomerSortField): SortOrderWords | null =>
    search.sort === key ? (search.order === 'asc' ? 'ascend' : 'descend') : null;
  const columns: TableProps<CustomerRow>['columns'] = [
    column('domain', CUSTOMERS_WORDS.domain, (row) => row.customerDomain),
    column('customerId', CUSTOMERS_WORDS.customerId, (row) => row.customerId),
    column('edition', CUSTOMERS_WORDS.edition, (row) => row.skuName),
    column('plan', CUSTOMERS_WORDS.plan, (row) => planWords(row.planName)),
    column('seatsTotal', CUSTOMERS_WORDS.seatsTotal, (row) => row.seatsTotal),
    column('seatsAssigned', CUSTOMERS_WORDS.seatsAssigned, (row) => row.seatsAssigned),
    column(
      'renewalDate',
      CUSTOMERS_WORDS.renewalDate,
      (row) => row.renewalDate ?? CUSTOMERS_WORDS.noRenewal,
    ),
  ].map((each) => ({ ...each, sortOrder: sortOrder(each.key) }));
  columns.push(
    {
      key: 'settings',
      title: CUSTOMERS_WORDS.settings,
      render: (_: unknown, row: CustomerRow) => (
        <Space size={[0, 4]} wrap>
          {settingsWords(row).map((words) => (
            <Tag key={words}>{words}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: CUSTOMERS_WORDS.actions,
      render: (_: unknown, row: CustomerRow) => (
        <Button
          size="small"
          aria-label={CUSTOMERS_WORDS.openSettingsOf(row.customerDomain)}
          onClick={() => dispatch(customerSettingsOpened(row.customerId))}
        >
          {CUSTOMERS_WORDS.openSettings}
        </Button>
      ),
    },
  );

  const onChange: TableProps<CustomerRow>['onChange'] = (_pagination, _filters, sorter) => {
    const chosen = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = chosen?.columnKey as CustomerSortField | undefined;
    // A third click clears antd's sort: back to the domains in order.
    const sorted =
      key === undefined || chosen?.order == null
        ? { sort: FIRST_CUSTOMERS_SEARCH.sort, order: FIRST_CUSTOMERS_SEARCH.order }
        : { sort: key, order: chosen.order === 'ascend' ? ('asc' as const) : ('desc' as const) };
    dispatch(customersRequested({ ...search, ...sorted, pageToken: null }));
  };

  const from = page === null ? 0 : page.offset + 1;
  const to = page === null ? 0 : page.offset + page.customers.length;
  return (
    <Card title={CUSTOMERS_WORDS.title}>
      <Input.Search
        aria-label={CUSTOMERS_WORDS.search}
        placeholder={CUSTOMERS_WORDS.searchPlaceholder}
        allowClear
        defaultValue={search.query}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(query) => dispatch(customersRequested({ ...search, query, pageToken: null }))}
      />
      {error === null ? null : <Alert type="error" role="alert" showIcon title={error} />}
      <Table<CustomerRow>
        rowKey="customerId"
        size="small"
        loading={status === 'loading'}
        columns={columns}
        dataSource={page?.customers ?? []}
        pagination={false}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        // In the text's own colour: antd's pale empty text fails the contrast check.
        locale={{ emptyText: <Typography.Text>{CUSTOMERS_WORDS.none}</Typography.Text> }}
        aria-label={CUSTOMERS_WORDS.title}
      />
      <Space style={{ marginTop: 16 }} wrap>
        <Button
          disabled={page?.previousPageToken == null}
          onClick={() =>
            dispatch(customersRequested({ ...search, pageToken: page?.previousPageToken ?? null }))
          }
        >
          {CUSTOMERS_WORDS.previous}
        </Button>
        <Button
          disabled={page?.nextPageToken == null}
          onClick={() =>
            dispatch(customersRequested({ ...search, pageToken: page?.nextPageToken ?? null }))
          }
        >
          {CUSTOMERS_WORDS.next}
        </Button>
        {page === null || page.total === 0 ? null : (
          <Typography.Text aria-live="polite">
            {CUSTOMERS_WORDS.shown(from, to, page.total)}
          </Typography.Text>
        )}
        {page === null ? null : (
          <Typography.Text type="secondary">
            {CUSTOMERS_WORDS.listedAt(new Date(page.listedAt).toLocaleTimeString())}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
