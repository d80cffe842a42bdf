import { Alert } from 'antd';
import type { SubscriptionInfo } from '../../../../contract/subscription';
import { inactiveNotice } from '../subscriptionWords';

export interface InactiveSubscriptionNoticeProps {
  subscription: Pick<SubscriptionInfo, 'status' | 'suspensionReasons'>;
}

/** A SUSPENDED or PENDING subscription says so with its reasons in words; nothing when active. */
export function InactiveSubscriptionNotice({ subscription }: InactiveSubscriptionNoticeProps) {
  const notice = inactiveNotice(subscription);
  if (notice === null) return null;
  return (
    <Alert
      type={subscription.status === 'SUSPENDED' ? 'error' : 'warning'}
      showIcon
      title={notice.title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {notice.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      }
    />
  );
}
