import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { API_PATHS, customerSettingsPath } from '../../../../contract/api';
import type { CustomerListPage } from '../../../../contract/customerList';
import {
  createFakeServices,
  ok,
  type FakeHttpRequest,
} from '../../../../testing/client/fakeServices';
import { CUSTOMERS_PAGE } from '../../../../testing/sampleAnswers';
import { makeConsoleStore } from '../consoleStore';
import { CustomersScreen } from './CustomersScreen';

// The Customers screen (docs/reseller-console.md, Customers): what the server answered, a search, a
// sort and the next page asked of the server, and a row's Settings opening its settings dialog.

// antd's first render in a suite compiles its styles, which takes seconds on a loaded machine.
jest.setTimeout(20_000);

const SECOND_PAGE: CustomerListPage = {
  ...CUSTOMERS_PAGE,
  customers: [
    {
      ...(CUSTOMERS_PAGE.customers[0] as CustomerListPage['customers'][number]),
      customerId: 'C0flex001',
      customerDomain: 'flex.example',
      planName: 'FLEXIBLE',
      renewalDate: null,
    },
  ],
  offset: 50,
  nextPageToken: null,
  previousPageToken: 'first-token',
};

function renderScreen() {
  const listed: FakeHttpRequest[] = [];
  const fake = createFakeServices({
    http: {
      [`GET ${API_PATHS.customerList}`]: (request) => {
        listed.push(request);
        return ok(request.query?.pageToken === 'next-token' ? SECOND_PAGE : CUSTOMERS_PAGE);
      },
    },
  });
  const store = makeConsoleStore(fake.services);
  render(
    <Provider store={store}>
      <CustomersScreen />
    </Provider>,
  );
  return { store, fake, listed };
}

it("shows each customer's subscription and settings, and a page's place in the whole", async () => {
  renderScreen();
  const table = await screen.findByRole('table');
  const row = (await within(table).findByText('acme.example')).closest('tr') as HTMLElement;
  for (const text of [
    'C0acme001',
    'Google Workspace Business Standard',
    'Annual, monthly payments',
    '20',
    '17',
    '2027-03-31',
    'Portal on',
    'Cap 30',
    'Approval none (default)',
  ]) {
    expect(within(row).getByText(text)).toBeInTheDocument();
  }
  expect(screen.getByText('1–1 of 51')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});

it('asks the server for a search, a sort and the next page', async () => {
  const { listed } = renderScreen();
  await screen.findByText('acme.example');
  await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('flex.example')).toBeInTheDocument();
  expect(screen.getByText('—')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await userEvent.type(screen.getByRole('searchbox', { name: 'Search by domain' }), 'acme{Enter}');
  await screen.findByText('acme.example');
  // antd draws the header twice in a scrolling table; the first is the one people see.
  await userEvent.click(screen.getAllByText('Seats')[0] as HTMLElement);
  await screen.findByText('acme.example');
  expect(listed.map((request) => request.query)).toEqual([
    { sort: 'domain', order: 'asc' },
    { sort: 'domain', order: 'asc', pageToken: 'next-token' },
    { sort: 'domain', order: 'asc', query: 'acme' },
    { sort: 'seatsTotal', order: 'asc', query: 'acme' },
  ]);
});

it("opens a customer's settings dialog from its row", async () => {
  const { fake, store } = renderScreen();
  await userEvent.click(await screen.findByRole('button', { name: 'Settings of acme.example' }));
  expect(store.getState().settings).toMatchObject({ customer: 'C0acme001' });
  expect(fake.calls.http.map((request) => request.path)).toContain(
    customerSettingsPath('C0acme001'),
  );
});
