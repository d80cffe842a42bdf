import { Type, type Static } from 'typebox';
import { DelegateListResponse, EmailValidatorResponse } from '../../contract/endpoints';
import { HistoryPage } from '../../contract/history';
import { SubscriptionInfo } from '../../contract/subscription';

// The answers the client checks before they reach the state, as the contract declares them. Read at
// build time only: each becomes a standalone check in ./generated (docs/architecture.md, One
// definition per API shape), so typebox itself never ships to the browser.

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

/** Each checked answer by the name of its generated module. */
export const ANSWER_SCHEMAS = {
  subscription: AnsweredSubscription,
  history: HistoryPage,
  delegateList: DelegateListResponse,
  emailValidator: EmailValidatorResponse,
} as const;
