import type { reseller_v1 } from 'googleapis';
import type { SubscriptionStatus } from '../../../contract/subscription';
import type { WorkspaceSubscription } from '../provider';
import { effectiveMaximum, type SeatPolicy } from '../seatPolicy';
import { isArchivedUserSku } from '../skus';

// Which of a customer's subscriptions is "the" Google Workspace subscription, and how Google's
// subscription reads in the portal (docs/configuration-google.md, "Which subscription").

type GoogleSubscription = reseller_v1.Schema$Subscription;

const STATUS_RANK: Readonly<Record<string, number>> = { ACTIVE: 0, PENDING: 1, SUSPENDED: 2 };
const UNKNOWN_STATUS_RANK = 3;
const TRIAL_PLAN = 'TRIAL';

/** Google's status words; an unknown one is treated as not active. */
function toStatus(status: string | null | undefined): SubscriptionStatus {
  if (status == null) return 'ACTIVE';
  return status === 'ACTIVE' || status === 'PENDING' ? status : 'SUSPENDED';
}

function isTrial(s: GoogleSubscription): boolean {
  return s.trialSettings?.isInTrial === true || s.plan?.planName === TRIAL_PLAN;
}

/** Google gives times as epoch milliseconds in a string. */
function toDay(epochMs: string | null | undefined): string | null {
  const ms = Number(epochMs);
  return epochMs == null || epochMs === '' || !Number.isFinite(ms)
    ? null
    : new Date(ms).toISOString().slice(0, 10);
}

export interface SubscriptionChoice {
  chosen: GoogleSubscription | undefined;
  /** Edition subscriptions as good as the chosen one (same status and trial rank), itself included. */
  tied: GoogleSubscription[];
}

/**
 * Only Workspace editions of the allow-list count (never an Archived User SKU or an add-on); then
 * ACTIVE before PENDING before SUSPENDED, paid before trial; ties go to the allow-list's order, the
 * older subscription, then the subscription id, so every instance picks the same one.
 */
export function chooseWorkspaceSubscription(
  subscriptions: readonly GoogleSubscription[],
  allowedSkuIds: readonly string[],
): SubscriptionChoice {
  const skuRank = (s: GoogleSubscription) => allowedSkuIds.indexOf(s.skuId ?? '');
  const editions = subscriptions.filter(
    (s) => skuRank(s) >= 0 && !isArchivedUserSku(s.skuId ?? '', s.skuName ?? ''),
  );
  const statusRank = (s: GoogleSubscription) =>
    STATUS_RANK[s.status ?? 'ACTIVE'] ?? UNKNOWN_STATUS_RANK;
  const keys = (s: GoogleSubscription): (number | string)[] => [
    statusRank(s),
    isTrial(s) ? 1 : 0,
    skuRank(s),
    Number(s.creationTime ?? Number.MAX_SAFE_INTEGER),
    s.subscriptionId ?? '',
  ];
  const ordered = [...editions].sort((a, b) => {
    const [left, right] = [keys(a), keys(b)];
    for (let i = 0; i < left.length; i += 1) {
      const l = left[i] ?? 0;
      const r = right[i] ?? 0;
      if (l < r) return -1;
      if (l > r) return 1;
    }
    return 0;
  });
  const chosen = ordered[0];
  if (chosen === undefined) return { chosen, tied: [] };
  const tied = ordered.filter(
    (s) => statusRank(s) === statusRank(chosen) && isTrial(s) === isTrial(chosen),
  );
  return { chosen, tied };
}

/** Google's subscription as the portal reads it; the seat policy fills in an annual maximum. */
export function toWorkspaceSubscription(
  s: GoogleSubscription,
  policy: SeatPolicy,
): WorkspaceSubscription {
  const customerId = s.customerId ?? '';
  const planName = s.plan?.planName ?? '';
  // Annual plans count bought seats in numberOfSeats; Flexible and trial plans only count assigned ones.
  const numberOfSeats = s.seats?.numberOfSeats ?? s.seats?.licensedNumberOfSeats ?? 0;
  return {
    subscriptionId: s.subscriptionId ?? '',
    customerId,
    skuName: s.skuName ?? s.skuId ?? '',
    planName,
    numberOfSeats,
    licensedNumberOfSeats: s.seats?.licensedNumberOfSeats ?? 0,
    maximumNumberOfSeats: effectiveMaximum(
      policy,
      customerId,
      s.seats?.maximumNumberOfSeats ?? null,
      numberOfSeats,
      { annual: planName.startsWith('ANNUAL'), trial: isTrial(s) },
    ),
    status: toStatus(s.status),
    suspensionReasons: s.suspensionReasons ?? [],
    isTrial: isTrial(s),
    renewalDate:
      s.plan?.isCommitmentPlan === true ? toDay(s.plan.commitmentInterval?.endTime) : null,
    skuId: s.skuId ?? '',
    termStartDate:
      s.plan?.isCommitmentPlan === true ? toDay(s.plan.commitmentInterval?.startTime) : null,
  };
}
