import { Type, type Static } from 'typebox';
import { Check, Clean, Clone } from 'typebox/value';
import { SubscriptionInfo } from '../../../contract/subscription';

// A server answer is checked against the contract's schema before it reaches the state: an unexpected
// body is a failure, not a crash. Loaded on demand by the saga, so typebox stays off the home route.

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

/** The subscription an answer holds, as a clean copy with every field of the contract, or null. */
export function readSubscriptionInfo(value: unknown): SubscriptionInfo | null {
  if (!Check(AnsweredSubscription, value)) return null;
  const read = Clean(AnsweredSubscription, Clone(value)) as Static<typeof AnsweredSubscription>;
  return { status: 'ACTIVE', suspensionReasons: [], isTrial: false, renewalDate: null, ...read };
}
