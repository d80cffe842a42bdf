import { Descriptions, Tag } from 'antd';
import { Panel, SectionTitle } from '../../../components/Panel';
import { StatusDot, type StatusDotKind } from '../../../components/StatusDot';
import { useId } from 'react';
import type { SubscriptionInfo, SubscriptionStatus } from '../../../../contract/subscription';
import { dayInWords, planInWords, STATUS_WORDS } from '../subscriptionWords';

export interface PlanDetailsProps {
  subscription: Pick<
    SubscriptionInfo,
    'planName' | 'isAnnual' | 'isTrial' | 'status' | 'renewalDate'
  >;
}

const STATUS_DOT: Record<SubscriptionStatus, StatusDotKind> = {
  ACTIVE: 'success',
  SUSPENDED: 'error',
  PENDING: 'warning',
};

/** The plan (annual or flexible, trial), the status and the renewal day where one is given. */
export function PlanDetails({ subscription }: PlanDetailsProps) {
  const titleId = useId();
  const items = [
    {
      key: 'plan',
      label: 'Plan',
      children: (
        <>
          {planInWords(subscription)}
          {subscription.isTrial && <Tag style={{ marginInlineStart: 8 }}>Free trial</Tag>}
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      children: (
        <StatusDot
          status={STATUS_DOT[subscription.status]}
          text={STATUS_WORDS[subscription.status]}
        />
      ),
    },
  ];
  if (subscription.renewalDate !== null) {
    items.push({
      key: 'renewal',
      label: 'Renewal date',
      children: (
        <time dateTime={subscription.renewalDate}>{dayInWords(subscription.renewalDate)}</time>
      ),
    });
  }
  return (
    <Panel>
      <section aria-labelledby={titleId}>
        <SectionTitle id={titleId}>Subscription details</SectionTitle>
        <Descriptions column={1} size="small" items={items} />
      </section>
    </Panel>
  );
}
