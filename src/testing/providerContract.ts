import { ERROR_TEXT } from '../contract/errors';
import { DIRECTORY_SCOPE, SIGN_IN_SCOPES } from '../contract/limits';
import { ApiError } from '../server/apiError';
import { SERVER_TEXT } from '../server/messages';
import type { PortalProvider } from '../server/providers/provider';
import { createSeatPolicy, type SeatPolicy } from '../server/providers/seatPolicy';

// The provider contract (README.md, Demo accounts (sandbox): "Both pass the same provider contract tests"): one suite that
// every PortalProvider runs, against the sandbox dataset (seeded for real, or served by a local fake).

/** What the suite needs around a provider: a way to sign in, a clock and, if it has storage, a restart. */
export interface ProviderHarness {
  provider: PortalProvider;
  /** An access token for the account with these scopes, as the identity popup would issue it. */
  signIn(email: string, scopes: readonly string[]): Promise<string>;
  /** Moves the identity provider's clock forward. */
  advanceClock(ms: number): void;
  /** The directory deletes the account and creates a new one at the same address (a new id). */
  replaceAccount(email: string): Promise<void>;
  /** The reseller's staff groups (RESELLER_ADMINS_GROUP, RESELLER_SUPPORT_GROUP) in its dataset. */
  staffGroups: { admins: string; support: string };
  /** Closes the provider and opens a new one on the same storage; absent when storage is remote. */
  restart?: () => Promise<PortalProvider>;
  close(): Promise<void>;
}

/** Just over Google's 3599 s token lifetime. */
const PAST_TOKEN_LIFETIME_MS = 3600 * 1000;
const ACME = 'C0acme001';
const FLEX = 'C0flex001';
const PAUSED = 'C0pause01';

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with an ApiError');
}

export interface ContractOptions {
  /** The provider keeps its own storage, so the suite restarts it and reads every change back. */
  restartable: boolean;
}

/** What a harness may be opened with: the reseller's seat policy (default: 50 for everyone). */
export interface HarnessSettings {
  seatPolicy?: SeatPolicy;
}

export function describeProviderContract(
  name: string,
  open: (settings?: HarnessSettings) => Promise<ProviderHarness>,
  options: ContractOptions,
): void {
  describe(`${name} provider contract`, () => {
    let harness: ProviderHarness;
    let provider: PortalProvider;

    beforeEach(async () => {
      harness = await open();
      provider = harness.provider;
    });

    describe("the reseller's staff groups (docs/security.md, The reseller's console)", () => {
      const at = (local: string) => `${local}@${harness.staffGroups.admins.split('@')[1] ?? ''}`;

      it('knows the reseller admin, the support staff and someone in neither', async () => {
        const { admins, support } = harness.staffGroups;
        await expect(provider.isGroupMember(admins, at('ops'))).resolves.toBe(true);
        await expect(provider.isGroupMember(support, at('ops'))).resolves.toBe(false);
        await expect(provider.isGroupMember(support, at('desk'))).resolves.toBe(true);
        await expect(provider.isGroupMember(admins, at('nobody'))).resolves.toBe(false);
        await expect(provider.isGroupMember(support, at('nobody'))).resolves.toBe(false);
      });

      it('answers false for an address the directory does not know', async () => {
        await expect(provider.isGroupMember(harness.staffGroups.admins, at('ghost'))).resolves.toBe(
          false,
        );
      });

      it('answers 502 naming a group that does not exist', async () => {
        const missing = at('no-such-group');
        const refusal = await failure(provider.isGroupMember(missing, at('ops')));
        expect(refusal.code).toBe(502);
        expect(refusal.message).toContain(missing);
      });
    });

    afterEach(async () => {
      await harness.close();
    });

    describe('identity', () => {
      it('verifies a token it issued, with the granted scopes and a future expiry', async () => {
        const token = await harness.signIn('admin@acme.example', SIGN_IN_SCOPES);
        const info = await provider.verifyToken(token);
        expect(info?.email).toBe('admin@acme.example');
        expect(info?.emailVerified).toBe(true);
        expect(info?.scopes).toEqual(expect.arrayContaining([...SIGN_IN_SCOPES]));
        expect(info?.expiresAt).toBeGreaterThan(Date.now());
      });

      it("names the token's account by the directory id of the managed user (sub)", async () => {
        const token = await harness.signIn('staff@acme.example', SIGN_IN_SCOPES);
        const info = await provider.verifyToken(token);
        const user = await provider.lookupDirectoryUser('staff@acme.example');
        expect(info?.sub).toEqual(expect.stringMatching(/\S/));
        expect(info?.sub).toBe(user?.id);
        const other = await provider.lookupDirectoryUser('admin@acme.example');
        expect(other?.id).not.toBe(user?.id);
      });

      it('gives an account replaced at the same address a new id, unlike its old tokens', async () => {
        const token = await harness.signIn('licences@acme.example', SIGN_IN_SCOPES);
        const before = await provider.lookupDirectoryUser('licences@acme.example');
        await harness.replaceAccount('licences@acme.example');
        const after = await provider.lookupDirectoryUser('licences@acme.example');
        expect(after?.email).toBe('licences@acme.example');
        expect(after?.id).not.toBe(before?.id);
        await expect(provider.verifyToken(token)).resolves.toMatchObject({ sub: before?.id });
      });

      it('answers null for an unknown token', async () => {
        await expect(provider.verifyToken('not-a-token')).resolves.toBeNull();
      });

      it('answers null once the token has expired', async () => {
        const token = await harness.signIn('admin@acme.example', SIGN_IN_SCOPES);
        harness.advanceClock(PAST_TOKEN_LIFETIME_MS);
        await expect(provider.verifyToken(token)).resolves.toBeNull();
      });

      it('tells Google accounts of the dataset domains from any other domain', async () => {
        for (const email of [
          'admin@acme.example',
          'maria@acme-eu.example',
          'admin@flex.example',
          'admin@nosub.example',
          'admin@paused.example',
          'someone@stranger.example',
        ]) {
          await expect(provider.isGoogleAccount(email)).resolves.toBe(true);
        }
        await expect(provider.isGoogleAccount('person@elsewhere.example')).resolves.toBe(false);
      });
    });

    describe('directory', () => {
      it('reads the admin with the photo, and a plain user without one', async () => {
        const admin = await provider.lookupDirectoryUser('admin@acme.example');
        expect(admin?.isAdmin).toBe(true);
        expect(admin?.thumbnailPhotoUrl).toEqual(expect.stringMatching(/\S/));

        await expect(provider.lookupDirectoryUser('staff@acme.example')).resolves.toEqual({
          id: expect.stringMatching(/\S/),
          email: 'staff@acme.example',
          isAdmin: false,
          thumbnailPhotoUrl: null,
          customerId: ACME,
          // Google adds the addresses at the account's domain aliases (nonEditableAliases).
          aliases: expect.arrayContaining(['team@acme-eu.example']),
        });
      });

      it('finds an account by its alias, with its primary address', async () => {
        const staff = await provider.lookupDirectoryUser('staff@acme.example');
        await expect(provider.lookupDirectoryUser('Team@acme-eu.example')).resolves.toEqual(staff);
      });

      it("gives a person on a secondary domain their organisation's customer", async () => {
        const user = await provider.lookupDirectoryUser('maria@acme-eu.example');
        expect(user).toMatchObject({ email: 'maria@acme-eu.example', customerId: ACME });
        await expect(provider.findCustomer(user?.customerId ?? '')).resolves.toEqual({
          customerId: ACME,
          customerDomain: 'acme.example',
        });
      });

      it.each([
        ['suspended', 'former@acme.example', SERVER_TEXT.directoryUserSuspended],
        ['archived', 'archived@acme.example', SERVER_TEXT.directoryUserArchived],
      ])('refuses a %s account with a 403 that says so', async (_state, email, text) => {
        const live = await failure(provider.lookupDirectoryUser(email));
        expect(live).toMatchObject({
          code: 403,
          status: 'PERMISSION_DENIED',
          message: text(email),
        });
      });

      it("serves the admin's photo as image bytes, and none for someone without one", async () => {
        const photo = await provider.getUserPhoto('admin@acme.example');
        expect(photo?.contentType).toMatch(/^image\//);
        expect(photo?.data.length).toBeGreaterThan(0);
        await expect(provider.getUserPhoto('staff@acme.example')).resolves.toBeNull();
      });

      it('says which scopes a token was granted, without the directory one when not ticked', async () => {
        const token = await harness.signIn('admin@acme.example', ['email', 'profile']);
        const info = await provider.verifyToken(token);
        expect(info?.scopes).not.toContain(DIRECTORY_SCOPE);
      });

      it("lists a customer's active administrators, not its delegates, suspended or archived people", async () => {
        await expect(provider.listAdministrators(ACME)).resolves.toEqual(['admin@acme.example']);
        await expect(provider.listAdministrators(FLEX)).resolves.toEqual(['admin@flex.example']);
      });

      it('looks users up without a token, null for someone not in the directory', async () => {
        await expect(provider.lookupDirectoryUser('LICENCES@acme.example')).resolves.toMatchObject({
          email: 'licences@acme.example',
          isAdmin: false,
        });
        await expect(provider.lookupDirectoryUser('ghost@acme.example')).resolves.toBeNull();
      });
    });

    describe('reseller', () => {
      it('knows the four customers, by domain or id, and not the stranger', async () => {
        await expect(provider.findCustomer('acme.example')).resolves.toEqual({
          customerId: ACME,
          customerDomain: 'acme.example',
        });
        await expect(provider.findCustomer(ACME)).resolves.toEqual({
          customerId: ACME,
          customerDomain: 'acme.example',
        });
        await expect(provider.findCustomer('paused.example')).resolves.toMatchObject({
          customerId: PAUSED,
        });
        await expect(provider.findCustomer('flex.example')).resolves.toMatchObject({
          customerId: FLEX,
        });
        await expect(provider.findCustomer('nosub.example')).resolves.toMatchObject({
          customerId: 'C0nosub01',
        });
        await expect(provider.findCustomer('stranger.example')).resolves.toBeNull();
      });

      it("knows a customer by a secondary domain of its account, and nobody's unknown domain", async () => {
        await expect(provider.findCustomer('acme-eu.example')).resolves.toEqual({
          customerId: ACME,
          customerDomain: 'acme.example',
        });
        await expect(provider.findCustomer('elsewhere.example')).resolves.toBeNull();
      });

      it('finds the seeded Workspace subscriptions (not add-ons or archived users), none for nosub', async () => {
        await expect(provider.findWorkspaceSubscription(ACME)).resolves.toEqual({
          subscriptionId: 'sub-acme-001',
          customerId: ACME,
          skuName: 'Google Workspace Business Standard',
          // Google answers ANNUAL_MONTHLY_PAY as ANNUAL; either is an annual plan.
          planName: expect.stringMatching(/^ANNUAL/),
          numberOfSeats: 20,
          licensedNumberOfSeats: 17,
          maximumNumberOfSeats: 50,
          status: 'ACTIVE',
          suspensionReasons: [],
          isTrial: false,
          renewalDate: '2027-03-31',
          skuId: '1010020028',
          termStartDate: '2026-03-31',
        });
        await expect(provider.findWorkspaceSubscription(FLEX)).resolves.toEqual({
          subscriptionId: 'sub-flex-001',
          customerId: FLEX,
          skuName: 'Google Workspace Business Starter',
          planName: 'FLEXIBLE',
          numberOfSeats: 10,
          licensedNumberOfSeats: 10,
          maximumNumberOfSeats: 300,
          status: 'ACTIVE',
          suspensionReasons: [],
          isTrial: false,
          renewalDate: null,
          skuId: '1010020027',
          termStartDate: null,
        });
        await expect(provider.findWorkspaceSubscription(PAUSED)).resolves.toEqual({
          subscriptionId: 'sub-pause-001',
          customerId: PAUSED,
          skuName: 'Google Workspace Business Plus',
          planName: 'ANNUAL_YEARLY_PAY',
          numberOfSeats: 15,
          licensedNumberOfSeats: 12,
          maximumNumberOfSeats: 50,
          status: 'SUSPENDED',
          suspensionReasons: ['RESELLER_INITIATED'],
          isTrial: false,
          renewalDate: '2026-09-30',
          skuId: '1010020025',
          termStartDate: '2025-09-30',
        });
        await expect(provider.findWorkspaceSubscription('C0nosub01')).resolves.toBeNull();
      });

      it("lists every customer's Workspace subscription as it finds each one, with its domain", async () => {
        const listed = await provider.listWorkspaceSubscriptions();
        const customers = listed.map(({ subscription }) => subscription.customerId);
        expect(new Set(customers).size).toBe(customers.length);
        expect(customers).toEqual(expect.arrayContaining([ACME, FLEX, PAUSED]));
        expect(customers).not.toContain('C0nosub01');
        for (const { subscription } of listed) {
          await expect(
            provider.findWorkspaceSubscription(subscription.customerId),
          ).resolves.toEqual(subscription);
        }
        expect(listed.find(({ subscription }) => subscription.customerId === ACME)).toMatchObject({
          customerDomain: 'acme.example',
        });
      });

      it("takes an annual plan's maximum from the seat policy, Flexible's from Google", async () => {
        await harness.close();
        harness = await open({
          seatPolicy: createSeatPolicy(
            40,
            new Map([
              [FLEX, 5],
              [PAUSED, 10],
            ]),
          ),
        });
        provider = harness.provider;
        await expect(provider.findWorkspaceSubscription(ACME)).resolves.toMatchObject({
          maximumNumberOfSeats: 40,
        });
        await expect(provider.findWorkspaceSubscription(FLEX)).resolves.toMatchObject({
          maximumNumberOfSeats: 300,
        });
        // A cap below the current total reads as full, never as fewer than the seats bought.
        await expect(provider.findWorkspaceSubscription(PAUSED)).resolves.toMatchObject({
          numberOfSeats: 15,
          maximumNumberOfSeats: 15,
        });
      });
    });

    describe('seats', () => {
      it('raises an annual total and reads it back', async () => {
        const changed = await provider.changeSeats(ACME, 'sub-acme-001', 25);
        expect(changed.numberOfSeats).toBe(25);
        await expect(provider.findWorkspaceSubscription(ACME)).resolves.toMatchObject({
          numberOfSeats: 25,
        });
      });

      it('answers 404 NOT_FOUND for a subscription the customer does not have', async () => {
        const error = await failure(provider.changeSeats(ACME, 'sub-none-001', 25));
        expect(error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
        await expect(provider.findWorkspaceSubscription(ACME)).resolves.toMatchObject({
          numberOfSeats: 20,
        });
      });
    });

    describe('delegates', () => {
      it('lists the seeded delegates of each kind', async () => {
        await expect(provider.listDelegates('licence', ACME)).resolves.toEqual([
          'licences@acme.example',
        ]);
        await expect(provider.listDelegates('support', ACME)).resolves.toEqual([
          'support@acme.example',
        ]);
        await expect(provider.listDelegates('licence', FLEX)).resolves.toEqual([]);
      });

      it('adds lower-cased and answers the sorted list', async () => {
        await expect(provider.addDelegate('licence', ACME, 'Alice@Acme.Example')).resolves.toEqual([
          'alice@acme.example',
          'licences@acme.example',
        ]);
        await expect(provider.addDelegate('licence', ACME, 'zed@acme.example')).resolves.toEqual([
          'alice@acme.example',
          'licences@acme.example',
          'zed@acme.example',
        ]);
        await expect(provider.listDelegates('support', ACME)).resolves.toEqual([
          'support@acme.example',
        ]);
      });

      it("refuses a present member with Google's 409 text, whatever the case", async () => {
        const error = await failure(provider.addDelegate('licence', ACME, 'LICENCES@acme.example'));
        expect(error.code).toBe(409);
        expect(error.status).toBe('ALREADY_EXISTS');
        expect(error.message).toBe(ERROR_TEXT.memberAlreadyExists);
      });

      it('removes a member, case-insensitively', async () => {
        await expect(
          provider.removeDelegate('support', ACME, 'Support@Acme.example'),
        ).resolves.toEqual([]);
        await expect(provider.listDelegates('support', ACME)).resolves.toEqual([]);
      });

      it("refuses to remove an absent member with Google's 404 text", async () => {
        const error = await failure(provider.removeDelegate('licence', ACME, 'ghost@acme.example'));
        expect(error.code).toBe(404);
        expect(error.status).toBe('NOT_FOUND');
        expect(error.message).toBe(ERROR_TEXT.memberNotFound);
      });
    });

    if (options.restartable) {
      it('keeps every acknowledged change across a restart', async () => {
        const token = await harness.signIn('admin@acme.example', [DIRECTORY_SCOPE]);
        await provider.changeSeats(ACME, 'sub-acme-001', 24);
        await provider.addDelegate('licence', ACME, 'new@acme.example');
        await provider.removeDelegate('support', ACME, 'support@acme.example');

        const restart = harness.restart;
        if (restart === undefined) throw new Error('a restartable harness needs restart()');
        const reopened = await restart();
        await expect(reopened.findWorkspaceSubscription(ACME)).resolves.toMatchObject({
          numberOfSeats: 24,
        });
        await expect(reopened.listDelegates('licence', ACME)).resolves.toEqual([
          'licences@acme.example',
          'new@acme.example',
        ]);
        await expect(reopened.listDelegates('support', ACME)).resolves.toEqual([]);
        await expect(reopened.verifyToken(token)).resolves.toMatchObject({
          email: 'admin@acme.example',
        });
      });
    }
  });
}
