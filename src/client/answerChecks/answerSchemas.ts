import { Type, type Static } from 'typebox';
import {
  DelegateListResponse,
  EmailValidatorResponse,
  StaffIdentity,
} from '../../contract/endpoints';
import { CustomerListPage } from '../../contract/customerList';
import { CustomerSettingsView, ResellerDefaultsView } from '../../contract/customerSettings';
import { HistoryEntry, HistoryPage } from '../../contract/history';
import { LedgerPage } from '../../contract/ledger';
import { AuditPage } from '../../contract/staffActions';
import { SubscriptionInfo } from '../../contract/subscription';

// The answers the client checks before they reach the state, as the contract declares them. Read at
// build time only: `npm run answer-checks` turns them into Ajv's standalone checks in ./generated
// (docs/architecture.md, One definition per API shape), so no schema library ships to the browser.

const { status, suspensionReasons, isTrial, renewalDate } = SubscriptionInfo.properties;

/** The fields docs/api.md added later; an answer recorded before them reads as an active,
 * paid subscription without a known renewal day. Present but malformed is still a failure. */
const AnsweredSubscription = Type.Object({
  ...SubscriptionInfo.properties,
  status: Type.Optional(status),
  suspensionReasons: Type.Optional(suspensionReasons),
  isTrial: Type.Optional(isTrial),
  renewalDate: Type.Optional(renewalDate),
});
export type AnsweredSubscription = Static<typeof AnsweredSubscription>;

/** The contract's entry variants picked by their kind (Ajv's discriminator), so removing the fields
 * the contract does not name only ever applies the entry's own variant (docs/architecture.md). */
const AnsweredHistoryEntry = Type.Unsafe<HistoryEntry>({
  type: 'object',
  required: ['kind'],
  discriminator: { propertyName: 'kind' },
  oneOf: HistoryEntry.anyOf,
});
const AnsweredHistoryPage = Type.Object({
  ...HistoryPage.properties,
  entries: Type.Array(AnsweredHistoryEntry),
});

/** Each checked answer by the name of its check in ./generated/answerChecks. */
export const ANSWER_SCHEMAS = {
  subscription: AnsweredSubscription,
  history: AnsweredHistoryPage,
  delegateList: DelegateListResponse,
  emailValidator: EmailValidatorResponse,
  staffIdentity: StaffIdentity,
  customerSettings: CustomerSettingsView,
  resellerDefaults: ResellerDefaultsView,
  auditPage: AuditPage,
  customerList: CustomerListPage,
  ledgerPage: LedgerPage,
} as const;

/** What a check's answer is once it passed. */
export type CheckedAnswer<Name extends keyof typeof ANSWER_SCHEMAS> = Static<
  (typeof ANSWER_SCHEMAS)[Name]
>;
