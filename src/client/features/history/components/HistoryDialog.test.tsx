import { screen, waitFor, within } from '@testing-library/react';
import type { SubscriptionInfo } from '../../../../contract/subscription';
import { saveTextFile } from '../../../services/download';
import { findDialog, queryDialog } from '../../../../testing/client/dialogs';
import {
  ok,
  type FakeHttpRequest,
  type FakeServicesOptions,
} from '../../../../testing/client/fakeServices';
import { renderWithProviders } from '../../../../testing/client/renderWithProviders';
import {
  delegateEntry,
  licenceEntries,
  licenceEntry,
  sampleCharge,
} from '../../../../testing/sampleAnswers';
import { sampleSubscription } from '../../../../contract/sampleSubscription';
import { historyCsv } from '../historyCsv';
import { whenInWords } from '../historyWords';

jest.mock('../../../services/download');
// antd screens are slow to mount under jsdom, more so when every suite runs at once.
jest.setTimeout(20_000);

const saved = jest.mocked(saveTextFile);

function renderDashboard(
  services?: FakeServicesOptions,
  user: SubscriptionInfo = sampleSubscription(),
) {
  return renderWithProviders({ route: '/licenses', state: { subscription: { user } }, services });
}

async function openHistory(view: ReturnType<typeof renderDashboard>) {
  await view.user.click(await screen.findByRole('button', { name: 'Delegate access menu' }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Change History' }));
  return findDialog('Change History');
}

/** 45 licence adds and one delegate change, paged by an index cursor. */
/** Five seats bought at €14.40 a month, €298.26 until the renewal (docs/api.md, GET /api/history). */
const charged = licenceEntry({
  charge: { ...sampleCharge(), seats: 5, amountMinor: 29826 },
});

function historyServer(request: FakeHttpRequest) {
  const entries = [delegateEntry({ id: 'd1', state: 'pending' }), ...licenceEntries(45)];
  const query = request.query ?? {};
  const chosen = entries.filter((entry) => !query.kind || entry.kind === query.kind);
  const start = Number(query.cursor ?? '0');
  const end = start + Number(query.limit);
  return ok({
    entries: chosen.slice(start, end),
    nextCursor: end < chosen.length ? String(end) : null,
  });
}

describe('the Change History dialog', () => {
  beforeEach(() => saved.mockClear());

  it('is the third item of the admin menu, after the two of docs/behaviour.md 7.2', async () => {
    const view = renderDashboard({ http: { 'GET /api/history': historyServer } });
    await view.user.click(await screen.findByRole('button', { name: 'Delegate access menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Delegate Licenses Access',
      'Delegate Support Access',
      'Change History',
    ]);
  });

  it("opens by itself once an administrator who followed a mail's history link is signed in", async () => {
    const { user } = renderWithProviders({
      state: {
        session: { email: 'admin@acme.example', emailCheck: 'confirmed' },
        history: { linked: true },
      },
      services: {
        http: {
          'GET /api/subscription-info': ok(sampleSubscription()),
          'GET /api/history': ok({ entries: [licenceEntry()], nextCursor: null }),
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = await findDialog('Change History');
    expect(await within(dialog).findByText('Added 5 licenses (20 → 25)')).toBeInTheDocument();
  });

  it("leaves a licence delegate who followed the link on the dashboard, as the menu is an administrator's", async () => {
    renderWithProviders({
      route: '/licenses',
      state: {
        subscription: {
          user: sampleSubscription({
            isAdmin: false,
            accessRoles: { license: true, support: false },
          }),
        },
        history: { linked: true },
      },
    });
    expect(await screen.findByText('ACME.EXAMPLE')).toBeInTheDocument();
    expect(queryDialog('Change History')).not.toBeInTheDocument();
  });

  it("shows when (in the viewer's time zone), who, what in words and the amount, pending marked", async () => {
    const view = renderDashboard({
      http: {
        'GET /api/history': ok({
          entries: [charged, delegateEntry({ state: 'pending' }), licenceEntry({ id: 'old' })],
          nextCursor: null,
        }),
      },
    });
    const dialog = await openHistory(view);
    const table = await within(dialog).findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['When', 'Who', 'What', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // The amount charged as quoted, formatted from minor units (docs/api.md, Money).
      [
        whenInWords(licenceEntry().at),
        'admin@acme.example',
        'Added 5 licenses (20 → 25)',
        '€298.26',
      ],
      [
        whenInWords(delegateEntry().at),
        'admin@acme.example',
        'Gave license management access to x@acme.example' + 'Pending',
        '',
      ],
      // Recorded before the charge was kept: no amount.
      [whenInWords(licenceEntry().at), 'admin@acme.example', 'Added 5 licenses (20 → 25)', ''],
    ]);
    expect(
      within(rows[0] as HTMLElement).getByText(whenInWords(licenceEntry().at)),
    ).toHaveAttribute('datetime', '2030-01-15T09:00:00.000Z');
  });

  it('marks a purchase Google has not confirmed, and one it never made, in words', async () => {
    const view = renderDashboard({
      http: {
        'GET /api/history': ok({
          entries: [
            licenceEntry({ id: '9', state: 'unconfirmed' }),
            licenceEntry({ id: '8', state: 'not-made' }),
          ],
          nextCursor: null,
        }),
      },
    });
    const dialog = await openHistory(view);
    const table = await within(dialog).findByRole('table');
    const what = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(what).toEqual([
      'Added 5 licenses (20 → 25)' + 'Not confirmed yet',
      'Added 5 licenses (20 → 25)' + 'Not made',
    ]);
  });

  it('pages with the server cursor: Next page, Previous page', async () => {
    const view = renderDashboard({ http: { 'GET /api/history': historyServer } });
    const dialog = await openHistory(view);
    await within(dialog).findByText('Gave license management access to x@acme.example');
    const previous = within(dialog).getByRole('button', { name: 'Previous page' });
    const next = within(dialog).getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    expect(within(dialog).getByText('Page 1')).toBeInTheDocument();

    await view.user.click(next);
    expect(await within(dialog).findByText('Page 2')).toBeInTheDocument();
    expect(await within(dialog).findByText('Added 1 license (9980 → 9981)')).toBeInTheDocument();
    await view.user.click(next);
    expect(await within(dialog).findByText('Page 3')).toBeInTheDocument();
    await within(dialog).findByText('Added 1 license (9960 → 9961)');
    // 46 entries: the third page is the last.
    expect(next).toBeDisabled();
    await view.user.click(previous);
    expect(await within(dialog).findByText('Page 2')).toBeInTheDocument();
    expect(
      view.fake.calls.http
        .filter((call) => call.path === '/api/history')
        .map((call) => call.query?.cursor),
    ).toEqual([undefined, '20', '40', '20']);
  });

  it('filters by kind from the first page, by keyboard', async () => {
    const view = renderDashboard({ http: { 'GET /api/history': historyServer } });
    const dialog = await openHistory(view);
    await within(dialog).findByText('Gave license management access to x@acme.example');
    const filter = within(dialog).getByRole('radiogroup', { name: 'Show' });
    expect(within(filter).getByRole('radio', { name: 'All changes' })).toBeChecked();
    within(filter).getByRole('radio', { name: 'All changes' }).focus();
    await view.user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(within(filter).getByRole('radio', { name: 'Licenses' })).toBeChecked(),
    );
    await waitFor(() =>
      expect(
        within(dialog).queryByText('Gave license management access to x@acme.example'),
      ).not.toBeInTheDocument(),
    );
    expect(view.fake.calls.http.at(-1)?.query).toMatchObject({ kind: 'licences' });
    expect(view.store.getState().history.kind).toBe('licences');
  });

  it('says why a page could not be loaded and tries again', async () => {
    let calls = 0;
    const view = renderDashboard({
      http: {
        'GET /api/history': () => {
          calls += 1;
          return calls === 1
            ? { status: 503, body: { error: { code: 503, message: 'The portal store is busy.' } } }
            : ok({ entries: [licenceEntry()], nextCursor: null });
        },
      },
    });
    const dialog = await openHistory(view);
    expect(await within(dialog).findByText('The portal store is busy.')).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Added 5 licenses (20 → 25)')).toBeInTheDocument();
    expect(within(dialog).queryByText('The portal store is busy.')).not.toBeInTheDocument();
  });

  it('downloads every page of the filtered list as CSV', async () => {
    const view = renderDashboard({ http: { 'GET /api/history': historyServer } });
    const dialog = await openHistory(view);
    await within(dialog).findByText('Gave license management access to x@acme.example');
    await view.user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const [fileName, text] = saved.mock.calls[0] ?? [];
    expect(fileName).toBe('change-history-acme.example-all-2025-01-15.csv');
    expect(text).toBe(
      historyCsv([delegateEntry({ id: 'd1', state: 'pending' }), ...licenceEntries(45)]),
    );
    expect(view.store.getState().history.csv).toBeNull();
  });

  it('CLOSE closes it', async () => {
    const view = renderDashboard({ http: { 'GET /api/history': historyServer } });
    const dialog = await openHistory(view);
    await view.user.click(within(dialog).getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(queryDialog('Change History')).not.toBeInTheDocument());
    expect(view.store.getState().history.open).toBe(false);
  });
});
