import { API_PATHS, customerSettingsPath, TOKEN_HEADER } from '../../contract/api';
import type { CustomerListPage, CustomerRow } from '../../contract/customerList';
import { SIGN_IN_SCOPES } from '../../contract/limits';
import { FAKE_STAFF_GROUPS } from '../../testing/fakeGoogle/dataset';
import { crowdCustomer, sandboxWithCrowd } from '../../testing/server/customerCrowd';
import { startGooglePortal, type GooglePortal } from '../../testing/server/googlePortal';
import type { Browser } from '../../testing/server/portalHarness';
import {
  errorOf,
  portalForTests,
  removeDataDir,
  startPortal,
  type Portal,
} from '../../testing/server/portalHarness';
import { LISTING_TTL_MS } from '../customers/customerListing';
import { SERVER_TEXT } from '../messages';

// The reseller's customers (docs/api.md, GET /api/reseller/customers): every customer with a
// Workspace subscription, with its portal settings, searched by domain prefix, sorted and paged by
// the server from one listing of Google's kept for a minute, on the sandbox and on the fake Google.

/** Starting a portal on the fake Google takes seconds on a loaded machine. */
jest.setTimeout(30_000);

const OPS = 'ops@sandbox.example';
const list = API_PATHS.customerList;
const domains = (page: CustomerListPage) => page.customers.map((row) => row.customerDomain);

describe('the sandbox seed', () => {
  const portal = portalForTests();

  it('lists every customer with a Workspace subscription, by domain, with its settings', async () => {
    const ops = await portal.signInStaff(OPS);
    await ops.put(customerSettingsPath('C0acme001'), {
      portalEnabled: false,
      seatCap: 30,
      approvalAbove: null,
    });
    const answer = await ops.get<CustomerListPage>(list);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total: 4,
      offset: 0,
      nextPageToken: null,
      previousPageToken: null,
      listedAt: new Date(portal.clock.now).toISOString(),
    });
    expect(domains(answer.body)).toEqual([
      'acme.example',
      'flex.example',
      'full.example',
      'paused.example',
    ]);
    expect(answer.body.customers[0]).toEqual<CustomerRow>({
      customerId: 'C0acme001',
      customerDomain: 'acme.example',
      skuName: 'Google Workspace Business Standard',
      planName: 'ANNUAL_MONTHLY_PAY',
      seatsTotal: 20,
      seatsAssigned: 17,
      renewalDate: '2027-03-31',
      status: 'ACTIVE',
      settings: { portalEnabled: false, seatCap: 30, approvalAbove: null },
      effective: { portalEnabled: false, seatCap: 30, approvalAbove: null },
    });
    expect(answer.body.customers[1]).toMatchObject({
      customerDomain: 'flex.example',
      planName: 'FLEXIBLE',
      seatsTotal: 300,
      seatsAssigned: 10,
      renewalDate: null,
      settings: { portalEnabled: true, seatCap: null, approvalAbove: null },
      effective: { portalEnabled: true, seatCap: 50, approvalAbove: null },
    });
  });

  it('is open to support staff too', async () => {
    const desk = await portal.signInStaff('desk@sandbox.example');
    const answer = await desk.get<CustomerListPage>(`${list}?query=ACME`);
    expect(answer.status).toBe(200);
    expect(domains(answer.body)).toEqual(['acme.example']);
  });

  it('keeps one listing for a minute: a seat change shows once it has expired', async () => {
    const ops = await portal.signInStaff(OPS);
    const seatsOfAcme = async () => {
      const { body } = await ops.get<CustomerListPage>(`${list}?query=acme`);
      return [body.customers[0]?.seatsTotal, body.listedAt];
    };
    const first = await seatsOfAcme();
    portal.sandbox.setSeats('sub-acme-001', 26);
    portal.clock.advance(LISTING_TTL_MS);
    expect(await seatsOfAcme()).toEqual(first);
    portal.clock.advance(1);
    expect(await seatsOfAcme()).toEqual([26, new Date(portal.clock.now).toISOString()]);
  });

  it('answers a clear 400 for a bad query, sort, limit or page token', async () => {
    const ops = await portal.signInStaff(OPS);
    const refusal = async (query: string) => {
      const answer = await ops.get(`${list}?${query}`);
      expect(answer.status).toBe(400);
      return errorOf(answer).message;
    };
    expect(await refusal('query=acme%20example')).toBe(SERVER_TEXT.invalidCustomersQuery);
    expect(await refusal('sort=price')).toContain('sort');
    expect(await refusal('order=up')).toContain('order');
    expect(await refusal('limit=101')).toBe("Field 'limit' must be at most 100.");
    expect(await refusal('pageToken=not-a-token')).toBe(SERVER_TEXT.invalidCustomersPageToken);
  });
});

describe('a crowd of 120 customers', () => {
  const CROWD = 120;
  let portal: Portal;
  let ops: Browser;
  beforeAll(async () => {
    portal = await startPortal({ dataDir: await sandboxWithCrowd(CROWD) });
    ops = await portal.signInStaff(OPS);
  });
  afterAll(async () => {
    await portal.close();
    removeDataDir(portal.dataDir);
  });
  const page = async (query: string) => {
    const answer = await ops.get<CustomerListPage>(`${list}?${query}`);
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('pages through every customer once, forward and back', async () => {
    const first = await page('limit=50');
    const second = await page(`pageToken=${first.nextPageToken}`);
    const third = await page(`pageToken=${second.nextPageToken}`);
    expect([first.total, second.total, third.total]).toEqual([124, 124, 124]);
    expect([first.offset, second.offset, third.offset]).toEqual([0, 50, 100]);
    expect(third.customers).toHaveLength(24);
    expect(third.nextPageToken).toBeNull();
    const all = [...domains(first), ...domains(second), ...domains(third)];
    expect(new Set(all).size).toBe(124);
    expect(all).toEqual([...all].sort());
    expect(await page(`pageToken=${third.previousPageToken}`)).toEqual(second);
    expect((await page(`pageToken=${second.previousPageToken}`)).customers).toEqual(
      first.customers,
    );
  });

  it('searches by domain prefix, and pages the search', async () => {
    // The crowd's domains cycle through eight words: 15 of 120 start with "cedar".
    const first = await page('query=Cedar&limit=10');
    expect(first.total).toBe(15);
    const second = await page(`query=cedar&limit=10&pageToken=${first.nextPageToken}`);
    const found = [...domains(first), ...domains(second)];
    expect(found).toHaveLength(15);
    expect(found.every((domain) => domain.startsWith('cedar-'))).toBe(true);
    expect(found).toContain(crowdCustomer(2).domain);
    expect((await page('query=cedar-00002.')).customers.map((row) => row.customerId)).toEqual([
      crowdCustomer(2).customerId,
    ]);
    expect(await page('query=nowhere')).toMatchObject({ customers: [], total: 0 });
  });

  it('sorts by any column either way, ties by domain, across pages', async () => {
    const first = await page('sort=seatsTotal&order=desc&limit=50');
    const rest = await page(`pageToken=${first.nextPageToken}`);
    const seats = [...first.customers, ...rest.customers].map((row) => row.seatsTotal);
    expect(seats).toEqual([...seats].sort((a, b) => b - a));
    const byRenewal = await page('sort=renewalDate&limit=100');
    const dates = byRenewal.customers.map((row) => row.renewalDate);
    const dated = dates.filter((date) => date !== null);
    expect(dated).toEqual([...dated].sort());
    // Flexible plans have no renewal date: after every date.
    expect(dates.slice(dated.length).every((date) => date === null)).toBe(true);
    const byEdition = await page('sort=edition&order=desc&limit=100');
    const editions = byEdition.customers.map((row) => row.skuName);
    expect(editions).toEqual([...editions].sort().reverse());
  });

  it('refuses a tampered page token, and one used for another search', async () => {
    const { nextPageToken } = await page('query=cedar&limit=5');
    const token = nextPageToken ?? '';
    const [body = '', mac = ''] = token.split('.');
    const edited = Buffer.from(
      Buffer.from(body, 'base64url').toString('utf8').replace('"n":5', '"n":0'),
    ).toString('base64url');
    for (const tampered of [`${edited}.${mac}`, `${body}.${mac.slice(1)}`, `${body}x.${mac}`]) {
      const answer = await ops.get(`${list}?pageToken=${tampered}`);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).message).toBe(SERVER_TEXT.invalidCustomersPageToken);
    }
    const another = await ops.get(`${list}?query=birch&pageToken=${token}`);
    expect(another.status).toBe(400);
    expect(errorOf(another).message).toBe(SERVER_TEXT.customersPageTokenOfAnotherSearch);
    const resorted = await ops.get(`${list}?sort=plan&pageToken=${token}`);
    expect(errorOf(resorted).message).toBe(SERVER_TEXT.customersPageTokenOfAnotherSearch);
  });
});

describe('google mode', () => {
  let portal: GooglePortal;
  let ops: Browser;
  beforeAll(async () => {
    portal = await startGooglePortal({
      env: {
        RESELLER_ADMINS_GROUP: FAKE_STAFF_GROUPS.admins,
        RESELLER_SUPPORT_GROUP: FAKE_STAFF_GROUPS.support,
      },
    });
    ops = portal.browser();
    const email = 'ops@reseller.example';
    const answer = await ops.get(`${API_PATHS.staffSignIn}?email=${encodeURIComponent(email)}`, {
      [TOKEN_HEADER]: portal.fake.issueToken(email, SIGN_IN_SCOPES),
    });
    expect(answer.status).toBe(200);
  });
  afterAll(async () => {
    await portal.close();
  });
  const listings = (from: number) =>
    portal.fake.calls
      .slice(from)
      .filter(({ method, path }) => method === 'GET' && path === '/apps/reseller/v1/subscriptions');

  it("lists the reseller's own customers from every page of Google's listing, once for many requests", async () => {
    const before = portal.fake.calls.length;
    // Three at once share one listing.
    const answers = await Promise.all(
      ['', 'query=acme', 'sort=seatsTotal&order=desc'].map((query) =>
        ops.get<CustomerListPage>(`${list}?${query}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const pagesRead = listings(before).length;
    // One listing: the fake pages Google's seven subscriptions of the reseller's own by two.
    expect(pagesRead).toBe(4);
    const [all, acme, bySeats] = answers;
    // nosub.example has only a Vault subscription; stranger.example is another reseller's.
    expect(all?.body.total).toBe(3);
    expect(all && domains(all.body)).toEqual(['acme.example', 'flex.example', 'paused.example']);
    expect(acme && domains(acme.body)).toEqual(['acme.example']);
    expect(bySeats && domains(bySeats.body)).toEqual([
      'flex.example',
      'acme.example',
      'paused.example',
    ]);
    expect(all?.body.customers.find((row) => row.customerId === 'C0acme001')).toMatchObject({
      customerDomain: 'acme.example',
      seatsTotal: 20,
      effective: { portalEnabled: true, seatCap: 50, approvalAbove: null },
    });

    const paged = await ops.get<CustomerListPage>(`${list}?limit=1`);
    await ops.get(`${list}?pageToken=${paged.body.nextPageToken}`);
    expect(listings(before)).toHaveLength(pagesRead);
  });
});
