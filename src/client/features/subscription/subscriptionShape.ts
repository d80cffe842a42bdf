import type { SubscriptionInfo } from '../../../contract/subscription';
import { readAnswer } from '../../answerChecks/readAnswer';

// A server answer is checked against the contract's schema before it reaches the state: an unexpected
// body is a failure, not a crash (docs/architecture.md, One definition per API shape).

/** The subscription an answer holds, as a clean copy with every field of the contract, or null. */
export async function readSubscriptionInfo(value: unknown): Promise<SubscriptionInfo | null> {
  const read = await readAnswer('subscription', value);
  if (read === null) return null;
  return { status: 'ACTIVE', suspensionReasons: [], isTrial: false, renewalDate: null, ...read };
}
