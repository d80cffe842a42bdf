import path from 'node:path';
import type { ReactNode } from 'react';
import type * as Guards from '../client/app/guards';
import type * as EmailConfirmation from '../client/features/session/emailConfirmation';
import type * as Email from '../contract/email';
import { replayThroughScreen } from './replayThroughScreen';
import { LIBRARY_DIR, loadScenario } from './scenarioFiles';

// A scenario whose title claims a decision of the screen must fail when that decision changes.
// Each decision below is changed on purpose (through a switch in a module mock), and its scenario
// has to replay clean before and fail after, naming the step where the screen went another way.
jest.setTimeout(60_000);

const mockChanged = { delegateRule: false, unconfirm: false, forbiddenGuard: false };

jest.mock('../contract/email', () => {
  const actual = jest.requireActual<typeof Email>('../contract/email');
  return {
    ...actual,
    // Changed: any text with an '@' counts as a delegate address, dotted domain or not.
    isValidDelegateEmail: (email: string) =>
      mockChanged.delegateRule ? email.includes('@') : actual.isValidDelegateEmail(email),
  };
});

jest.mock('../client/features/session/emailConfirmation', () => {
  const actual = jest.requireActual<typeof EmailConfirmation>(
    '../client/features/session/emailConfirmation',
  );
  return {
    // Changed: editing a confirmed address leaves it confirmed.
    editUnconfirms: (...args: Parameters<typeof actual.editUnconfirms>) =>
      mockChanged.unconfirm ? false : actual.editUnconfirms(...args),
  };
});

jest.mock('../client/app/guards', () => {
  const actual = jest.requireActual<typeof Guards>('../client/app/guards');
  return {
    ...actual,
    // Changed: /forbidden opens without a stored error instead of sending the person home.
    RequireStoredError: (props: { children: ReactNode }) =>
      mockChanged.forbiddenGuard ? props.children : actual.RequireStoredError(props),
  };
});

afterEach(() => {
  mockChanged.delegateRule = false;
  mockChanged.unconfirm = false;
  mockChanged.forbiddenGuard = false;
});

async function replay(name: string) {
  const file = `library/${name}.json`;
  return replayThroughScreen(loadScenario(path.join(LIBRARY_DIR, `${name}.json`)), file);
}

it('the delegate address rule: an address without a dotted domain is refused', async () => {
  const name = 'admin-adds-invalid-delegate-address-does-nothing';
  expect((await replay(name)).report).toBe('');
  mockChanged.delegateRule = true;
  const verdict = await replay(name);
  expect(verdict.passed).toBe(false);
  // The screen now enables Add: the recorded check that it is disabled is where they part.
  expect(verdict.report).toMatch(/step \d+: the screen check differs/);
  expect(verdict.report).toContain('changed:  disabled: recorded true, replayed false');
  // And Enter now asks to add the address, which the recording never did.
  expect(verdict.report).toContain('intent delegates/memberAddRequested');
});

it('the home screen un-confirms an address edited after it was confirmed', async () => {
  const name = 'home-changing-confirmed-email-hides-sign-in';
  expect((await replay(name)).report).toBe('');
  mockChanged.unconfirm = true;
  const verdict = await replay(name);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toMatch(
    /step \d+: the recorded intent did not happen in the replay:\n {2}recorded: intent session\/confirmedEmailEdited/,
  );
  expect(verdict.report).toContain('sees no button "Sign in with Google"');
  expect(verdict.report).toContain('session.emailCheck: recorded "idle", replayed "confirmed"');
});

it('the /forbidden guard sends a person without a stored error home', async () => {
  const name = 'start-without-token-on-forbidden-goes-home';
  expect((await replay(name)).report).toBe('');
  mockChanged.forbiddenGuard = true;
  const verdict = await replay(name);
  expect(verdict.passed).toBe(false);
  expect(verdict.report).toMatch(
    /step \d+: the recorded screen location did not happen in the replay:\n {2}recorded: screen at \//,
  );
  expect(verdict.report).toContain('sees textbox "Email address"');
});
