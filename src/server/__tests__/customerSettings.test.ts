import { API_PATHS, customerSettingsPath } from '../../contract/api';
import type { CustomerSettingsView, ResellerDefaultsView } from '../../contract/customerSettings';
import { ERROR_TEXT } from '../../contract/errors';
import type { AuditPage } from '../../contract/staffActions';
import type { SubscriptionInfo } from '../../contract/subscription';
import { SERVER_TEXT } from '../messages';
import {
  errorOf,
  portalForTests,
  removeDataDir,
  startPortal,
  type Browser,
} from '../../testing/server/portalHarness';
import { postgresForTests } from '../../testing/server/testPostgres';

// The reseller console's settings and audit trail against a listening sandbox portal: a reseller
// admin changes a customer's settings and the defaults, support staff only read, bad input is a 400
// that changes nothing, and a customer whose portal is off is refused everywhere.

const ACME = 'C0acme001';
const OPS = 'ops@sandbox.example';
const SETTINGS = customerSettingsPath(ACME);
const historyUrl = `${API_PATHS.history}?customer=${ACME}`;

describe('customer settings and defaults', () => {
  const portal = portalForTests();
  let ops: Browser;
  beforeEach(async () => {
    ops = await portal.signInStaff(OPS);
  });

  it("answers a customer's settings by id or domain: none of its own, the defaults in force", async () => {
    const expected = {
      customerId: ACME,
      customerDomain: 'acme.example',
      settings: { portalEnabled: true, seatCap: null, approvalAbove: null },
      effective: { portalEnabled: true, seatCap: 50, approvalAbove: null },
      updatedAt: null,
      updatedBy: null,
    };
    expect((await ops.get(SETTINGS)).body).toEqual(expected);
    expect((await ops.get(customerSettingsPath('acme.example'))).body).toEqual(expected);
  });

  it("lets an admin change a customer's cap and threshold, which the customer's maximum shows", async () => {
    const answer = await ops.put<CustomerSettingsView>(SETTINGS, {
      portalEnabled: true,
      seatCap: 30,
      approvalAbove: 5,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      settings: { portalEnabled: true, seatCap: 30, approvalAbove: 5 },
      effective: { portalEnabled: true, seatCap: 30, approvalAbove: 5 },
      updatedAt: new Date(portal.clock.now).toISOString(),
      updatedBy: OPS,
    });
    expect(portal.settings.approvalAbove(ACME)).toBe(5);
    const admin = await portal.signIn('admin@acme.example');
    const info = await admin.get<SubscriptionInfo>(
      `${API_PATHS.subscriptionInfo}?email=admin%40acme.example`,
      { 'x-goog-token': portal.token('admin@acme.example') },
    );
    expect(info.body.maximumNumberOfSeats).toBe(30);
  });

  it('records each change in the audit trail with who, when, before and after, newest first', async () => {
    await ops.put(SETTINGS, { portalEnabled: true, seatCap: 30, approvalAbove: null });
    portal.clock.advance(60_000);
    await ops.put(SETTINGS, { portalEnabled: false, seatCap: 30, approvalAbove: null });
    await ops.put(API_PATHS.resellerDefaults, { seatCap: 80, approvalAbove: 10 });
    // The same settings again change nothing and record nothing.
    await ops.put(SETTINGS, { portalEnabled: false, seatCap: 30, approvalAbove: null });
    const page = await ops.get<AuditPage>(`${API_PATHS.staffAudit}?limit=2`);
    expect(page.body.actions.map((action) => [action.kind, action.before, action.after])).toEqual([
      [
        'reseller-defaults',
        { seatCap: 50, approvalAbove: null },
        { seatCap: 80, approvalAbove: 10 },
      ],
      [
        'customer-settings',
        { portalEnabled: true, seatCap: 30, approvalAbove: null },
        { portalEnabled: false, seatCap: 30, approvalAbove: null },
      ],
    ]);
    expect(page.body.actions[1]).toMatchObject({
      actor: OPS,
      customerId: ACME,
      at: new Date(portal.clock.now).toISOString(),
    });
    const older = await ops.get<AuditPage>(
      `${API_PATHS.staffAudit}?limit=2&cursor=${page.body.nextCursor ?? ''}`,
    );
    expect(older.body.actions.map((action) => action.before)).toEqual([null]);
    expect(older.body.nextCursor).toBeNull();
    const acme = await ops.get<AuditPage>(`${API_PATHS.staffAudit}?customerId=${ACME}`);
    expect(acme.body.actions.map((action) => action.kind)).toEqual([
      'customer-settings',
      'customer-settings',
    ]);
    const bad = await ops.get(`${API_PATHS.staffAudit}?cursor=not-ours`);
    expect([bad.status, errorOf(bad).message]).toEqual([400, SERVER_TEXT.invalidAuditCursor]);
  });

  it('lets support staff read settings, defaults and the audit but change nothing', async () => {
    const desk = await portal.signInStaff('desk@sandbox.example');
    expect((await desk.get(SETTINGS)).status).toBe(200);
    expect((await desk.get(API_PATHS.resellerDefaults)).status).toBe(200);
    expect((await desk.get(API_PATHS.staffAudit)).status).toBe(200);
    const change = await desk.put(SETTINGS, {
      portalEnabled: false,
      seatCap: null,
      approvalAbove: null,
    });
    const defaults = await desk.put(API_PATHS.resellerDefaults, {
      seatCap: 5,
      approvalAbove: null,
    });
    expect([change.status, errorOf(change).message]).toEqual([
      403,
      SERVER_TEXT.staffSupportReadOnly,
    ]);
    expect(defaults.status).toBe(403);
    expect(portal.settings.effectiveSettingsOf(ACME)).toEqual({
      portalEnabled: true,
      seatCap: 50,
      approvalAbove: null,
    });
    expect((await ops.get<AuditPage>(API_PATHS.staffAudit)).body.actions).toEqual([]);
  });

  it.each([
    ['a cap of 0', { portalEnabled: true, seatCap: 0, approvalAbove: null }, 'seatCap'],
    ['a cap that is text', { portalEnabled: true, seatCap: '30', approvalAbove: null }, 'seatCap'],
    ['no portalEnabled', { seatCap: 30, approvalAbove: null }, 'portalEnabled'],
    ['an unknown field', { portalEnabled: true, seatCap: 3, approvalAbove: null, x: 1 }, 'x'],
    [
      'a fractional threshold',
      { portalEnabled: true, seatCap: 3, approvalAbove: 1.5 },
      'approvalAbove',
    ],
  ])(
    'refuses %s with a 400 that names the field, and changes nothing',
    async (_case, body, field) => {
      const answer = await ops.put(SETTINGS, body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).message).toContain(field);
      expect((await ops.get<CustomerSettingsView>(SETTINGS)).body.updatedAt).toBeNull();
    },
  );

  it('refuses defaults without a cap with a 400, and changes nothing', async () => {
    const answer = await ops.put(API_PATHS.resellerDefaults, { seatCap: null, approvalAbove: 3 });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).message).toContain('seatCap');
    expect((await ops.get<ResellerDefaultsView>(API_PATHS.resellerDefaults)).body).toEqual({
      defaults: { seatCap: 50, approvalAbove: null },
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('answers 404 for a customer the reseller does not have', async () => {
    const path = customerSettingsPath('C0nobody9');
    const read = await ops.get(path);
    const change = await ops.put(path, {
      portalEnabled: false,
      seatCap: null,
      approvalAbove: null,
    });
    expect([read.status, errorOf(read).message]).toEqual([
      404,
      SERVER_TEXT.unknownCustomer('C0nobody9'),
    ]);
    expect(change.status).toBe(404);
  });

  it('applies the defaults to every customer without its own value', async () => {
    const answer = await ops.put<ResellerDefaultsView>(API_PATHS.resellerDefaults, {
      seatCap: 80,
      approvalAbove: 10,
    });
    expect(answer.body).toMatchObject({
      defaults: { seatCap: 80, approvalAbove: 10 },
      updatedBy: OPS,
    });
    await ops.put(SETTINGS, { portalEnabled: true, seatCap: 25, approvalAbove: null });
    const acme = await ops.get<CustomerSettingsView>(SETTINGS);
    expect(acme.body.effective).toEqual({ portalEnabled: true, seatCap: 25, approvalAbove: 10 });
    expect(portal.settings.annualCap('C0other99')).toBe(80);
  });

  it("refuses a turned-off customer's sign-in and every route of a session it already has", async () => {
    const admin = await portal.signIn('admin@acme.example');
    await ops.put(SETTINGS, { portalEnabled: false, seatCap: null, approvalAbove: null });
    const refusal = [403, ERROR_TEXT.portalTurnedOff('Sandbox Reseller')];
    const signIn = await portal
      .browser()
      .get(`${API_PATHS.subscriptionInfo}?email=admin%40acme.example`, {
        'x-goog-token': portal.token('admin@acme.example'),
      });
    expect([signIn.status, errorOf(signIn).message]).toEqual(refusal);
    const history = await admin.get(historyUrl);
    const purchase = await admin.post(API_PATHS.addLicence, {
      customerId: ACME,
      subscriptionId: 'sub-acme-001',
      numberOfSeats: 30,
    });
    expect([history.status, errorOf(history).message]).toEqual(refusal);
    expect([purchase.status, errorOf(purchase).message]).toEqual(refusal);
    // Another customer is untouched; turned back on, ACME's session works again.
    expect((await portal.signIn('admin@flex.example')).session).toBeDefined();
    await ops.put(SETTINGS, { portalEnabled: true, seatCap: null, approvalAbove: null });
    expect((await admin.get(historyUrl)).status).toBe(200);
  });
});

describe('two instances on one PostgreSQL', () => {
  const postgres = postgresForTests();

  it('applies a change made on one instance on the other at its next refresh, and shares the audit', async () => {
    const databaseUrl = await postgres().createDatabase('settings_instances');
    const env = { DATABASE_URL: databaseUrl };
    const [one, two] = await Promise.all([startPortal({ env }), startPortal({ env })]);
    try {
      const customer = await two.signIn('admin@acme.example');
      const ops = await one.signInStaff(OPS);
      await ops.put(SETTINGS, { portalEnabled: false, seatCap: 12, approvalAbove: 4 });
      // Before its refresh the other instance still serves the old settings; after it, the new.
      expect((await customer.get(historyUrl)).status).toBe(200);
      await two.settings.refresh();
      expect((await customer.get(historyUrl)).status).toBe(403);
      expect(two.settings.effectiveSettingsOf(ACME)).toEqual({
        portalEnabled: false,
        seatCap: 12,
        approvalAbove: 4,
      });
      const audit = await (await two.signInStaff(OPS)).get<AuditPage>(API_PATHS.staffAudit);
      expect(audit.body.actions.map((action) => action.after)).toEqual([
        { portalEnabled: false, seatCap: 12, approvalAbove: 4 },
      ]);
    } finally {
      for (const portal of [one, two]) {
        await portal.close();
        removeDataDir(portal.dataDir);
      }
    }
  });
});
