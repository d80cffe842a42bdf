import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError } from '../configError';
import { createLogger } from '../plugins/logger';
import type { PortalStore, StaffActor } from '../store/portalStore';
import * as staffActions from '../store/staffActions';
import { captureLogs } from '../../testing/server/capturedLogs';
import { storeBackendsForTests, type StoreBackend } from '../../testing/server/storeBackends';
import {
  createPortalSettings,
  openPortalSettings,
  SETTINGS_REFRESH_MS,
  type PortalSettings,
} from './portalSettings';
import { purchaseNeedsApproval } from './settingsRules';
import { readSettingsSeed } from './settingsSeed';

// The console's settings in the store and in force (docs/reseller-console.md): the first start's seed
// from ANNUAL_SEAT_CAP and SEAT_CAP_FILE, each change with its staff action in one transaction, and
// another instance's change applied at the next refresh; on SQLite and on a real PostgreSQL.

jest.setTimeout(30_000);

const NOW = Date.UTC(2030, 0, 15, 9, 0, 0);
const OPS: StaffActor = { actor: 'ops@sandbox.example', requestId: 'req-1', at: NOW };
const ACME = 'C0acme001';

const { backends, afterTest } = storeBackendsForTests('settings', NOW);

function capFile(content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'seat-caps-'));
  afterTest(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'caps.json');
  writeFileSync(file, content);
  return file;
}

function open(store: PortalStore, env: NodeJS.ProcessEnv = {}) {
  const { logs, sink } = captureLogs();
  const log = createLogger('info', sink);
  const settings = openPortalSettings(store, readSettingsSeed(env, NOW), { log });
  return { settings, logs };
}

describe.each(backends)('the console settings on %s', (_name, makeBackend) => {
  let backend: StoreBackend;
  let store: PortalStore;
  beforeEach(async () => {
    backend = await makeBackend();
    store = await backend.open();
  });

  it('seeds ANNUAL_SEAT_CAP as the default and imports SEAT_CAP_FILE once, said in one line', async () => {
    const file = capFile('{"C0big0001": 2000, "C0small01": 12}');
    const first = open(store, { ANNUAL_SEAT_CAP: '120', SEAT_CAP_FILE: file });
    const settings = await first.settings;
    expect(settings.annualCap('C0big0001')).toBe(2000);
    expect(settings.annualCap('C0small01')).toBe(12);
    expect(settings.annualCap('C0other01')).toBe(120);
    expect(settings.ownSettingsOf('C0small01')).toMatchObject({ updatedBy: 'SEAT_CAP_FILE' });
    expect(first.logs.map((line) => line.msg)).toEqual([
      `SEAT_CAP_FILE: imported the seat caps of 2 customers from ${file} into the portal store; from now on the reseller console's settings apply and the file is not read again.`,
    ]);
    // A later start with other values (another instance, a restart) keeps the store's.
    writeFileSync(file, '{"C0big0001": 1}');
    const again = open(await backend.open(), { ANNUAL_SEAT_CAP: '7', SEAT_CAP_FILE: file });
    expect((await again.settings).annualCap('C0big0001')).toBe(2000);
    expect((await again.settings).annualCap('C0other01')).toBe(120);
    expect(again.logs.map((line) => line.level)).toEqual([40]);
  });

  it.each([
    ['not JSON', '{"C0acme001": 30', 'not valid JSON'],
    ['a list', '[30]', 'must be a JSON object'],
    ['a cap that is not a whole number', '{"C0acme001": "30"}', 'C0acme001'],
    ['a cap of zero', '{"C0acme001": 0}', 'C0acme001'],
  ])(
    'stops the first start with one line naming SEAT_CAP_FILE for %s, seeding nothing',
    async (_case, content, detail) => {
      const failed = open(store, { SEAT_CAP_FILE: capFile(content) }).settings;
      await expect(failed).rejects.toThrow(ConfigError);
      const message = await failed.catch((error: Error) => error.message);
      expect(message).toContain('SEAT_CAP_FILE');
      expect(message).toContain(detail);
      expect(message).not.toContain('\n');
      expect((await store.readSettings()).defaults).toBeNull();
    },
  );

  it('names SEAT_CAP_FILE when the file cannot be read', async () => {
    const missing = path.join(tmpdir(), 'no-such-folder-of-caps', 'caps.json');
    await expect(open(store, { SEAT_CAP_FILE: missing }).settings).rejects.toThrow(
      /^SEAT_CAP_FILE names a file that cannot be read/,
    );
  });

  it('records each change with its staff action, before and after, and nothing for no change', async () => {
    await open(store).settings;
    const first = await store.changeCustomerSettings(
      ACME,
      { portalEnabled: true, seatCap: 30, approvalAbove: null },
      OPS,
    );
    const second = await store.changeCustomerSettings(
      ACME,
      { portalEnabled: false, seatCap: 30, approvalAbove: 5 },
      { ...OPS, at: NOW + 1 },
    );
    const same = await store.changeCustomerSettings(
      ACME,
      { portalEnabled: false, seatCap: 30, approvalAbove: 5 },
      OPS,
    );
    const defaults = await store.changeResellerDefaults({ seatCap: 60, approvalAbove: 8 }, OPS);
    expect(same).toBeNull();
    expect(
      await store.listStaffActions({ customerId: null, kind: null, olderThan: null, limit: 10 }),
    ).toEqual([defaults, second, first]);
    expect(second).toMatchObject({
      kind: 'customer-settings',
      customerId: ACME,
      actor: OPS.actor,
      at: NOW + 1,
      before: { portalEnabled: true, seatCap: 30, approvalAbove: null },
      after: { portalEnabled: false, seatCap: 30, approvalAbove: 5 },
    });
    expect(defaults).toMatchObject({
      kind: 'reseller-defaults',
      customerId: null,
      before: { seatCap: 50, approvalAbove: null },
      after: { seatCap: 60, approvalAbove: 8 },
    });
    const older = await store.listStaffActions({
      customerId: ACME,
      kind: 'customer-settings',
      olderThan: second?.id ?? 0,
      limit: 10,
    });
    expect(older).toEqual([first]);
  });

  it('keeps a change and its staff action together: no record, no change', async () => {
    await open(store).settings;
    const revision = await store.settingsRevision();
    // The record's write fails inside the change's transaction, as a full disk or a lost connection would.
    jest
      .spyOn(staffActions, 'recordStaffAction')
      .mockRejectedValue(new Error('the staff action could not be written'));
    await expect(
      store.changeCustomerSettings(
        ACME,
        { portalEnabled: false, seatCap: 3, approvalAbove: null },
        OPS,
      ),
    ).rejects.toThrow();
    await expect(
      store.changeResellerDefaults({ seatCap: 3, approvalAbove: null }, OPS),
    ).rejects.toThrow();
    const stored = await store.readSettings();
    expect(stored.customers.get(ACME)).toBeUndefined();
    expect(stored.defaults).toMatchObject({ seatCap: 50 });
    expect(await store.settingsRevision()).toBe(revision);
    jest.restoreAllMocks();
    expect(
      await store.listStaffActions({ customerId: null, kind: null, olderThan: null, limit: 10 }),
    ).toEqual([]);
  });

  it("applies another instance's change at its next refresh, and keeps the last settings while the store fails", async () => {
    const here = await open(store).settings;
    const elsewhere = await backend.open();
    await elsewhere.changeCustomerSettings(
      ACME,
      { portalEnabled: false, seatCap: 9, approvalAbove: 2 },
      OPS,
    );
    expect(here.isPortalEnabled(ACME)).toBe(true);
    await here.refresh();
    expect(here.effectiveSettingsOf(ACME)).toEqual({
      portalEnabled: false,
      seatCap: 9,
      approvalAbove: 2,
    });
    await store.close();
    await here.refresh();
    expect(here.annualCap(ACME)).toBe(9);
  });
});

describe('the refresh period', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it(`asks the store for its revision every ${SETTINGS_REFRESH_MS} ms once started, never after stop`, () => {
    jest.useFakeTimers();
    const settingsRevision = jest.fn(async () => 0);
    const settings: PortalSettings = createPortalSettings(
      { settingsRevision } as unknown as PortalStore,
      { log: createLogger('silent') },
    );
    settings.start();
    jest.advanceTimersByTime(SETTINGS_REFRESH_MS - 1);
    expect(settingsRevision).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(settingsRevision).toHaveBeenCalledTimes(1);
    settings.stop();
    jest.advanceTimersByTime(10 * SETTINGS_REFRESH_MS);
    expect(settingsRevision).toHaveBeenCalledTimes(1);
  });
});

it('makes a purchase above approvalAbove wait, and none when there is no threshold', () => {
  const effective = { portalEnabled: true, seatCap: 50, approvalAbove: 10 };
  expect(purchaseNeedsApproval(effective, 10)).toBe(false);
  expect(purchaseNeedsApproval(effective, 11)).toBe(true);
  expect(purchaseNeedsApproval({ ...effective, approvalAbove: null }, 1000)).toBe(false);
});
