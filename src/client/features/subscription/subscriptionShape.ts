import type { SubscriptionInfo } from '../../../contract/subscription';
import type { AnsweredSubscription } from '../../answerChecks/answerSchemas';
import { Check, shape } from '../../answerChecks/generated/subscription';
import { keepContractFields } from '../../answerChecks/keepContractFields';

// A server answer is checked against the contract's schema before it reaches the state: an unexpected
// body is a failure, not a crash. Loaded on demand by the saga, so the check stays off the home route.

/** The subscription an answer holds, as a clean copy with every field of the contract, or null. */
export function readSubscriptionInfo(value: unknown): SubscriptionInfo | null {
  if (!Check(value)) return null;
  const read = keepContractFields(shape, value) as AnsweredSubscription;
  return { status: 'ACTIVE', suspensionReasons: [], isTrial: false, renewalDate: null, ...read };
}
