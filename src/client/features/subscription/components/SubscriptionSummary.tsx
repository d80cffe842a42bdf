import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { SubscriptionInfo } from '../../../../contract/subscription';

export interface SubscriptionSummaryProps {
  subscription: Pick<SubscriptionInfo, 'skuName' | 'numberOfSeats' | 'licensedNumberOfSeats'>;
}

function Figure({ title, value }: { title: string; value: number }) {
  return (
    <Col xs={24} sm={12}>
      <Card>
        <section aria-label={title}>
          <Statistic title={title} value={value} />
        </section>
      </Card>
    </Col>
  );
}

/** The subscription name, 'Total Licenses' and 'Licenses Assigned' (docs/behaviour.md 2 Dashboard). */
export function SubscriptionSummary({ subscription }: SubscriptionSummaryProps) {
  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        {subscription.skuName}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Figure title="Total Licenses" value={subscription.numberOfSeats} />
        <Figure title="Licenses Assigned" value={subscription.licensedNumberOfSeats} />
      </Row>
    </>
  );
}
