import { PageTitle, Panel } from '../../../components/Panel';
import { CardColumns } from '../../../components/CardColumns';
import { FigureStatistic } from '../../../components/FigureStatistic';
import type { SubscriptionInfo } from '../../../../contract/subscription';

export interface SubscriptionSummaryProps {
  subscription: Pick<SubscriptionInfo, 'skuName' | 'numberOfSeats' | 'licensedNumberOfSeats'>;
}

function Figure({ title, value }: { title: string; value: number }) {
  return (
    <Panel>
      <section aria-label={title}>
        <FigureStatistic title={title} value={value} />
      </section>
    </Panel>
  );
}

/** The subscription name, 'Total Licenses' and 'Licenses Assigned' (docs/behaviour.md 2.2). */
export function SubscriptionSummary({ subscription }: SubscriptionSummaryProps) {
  return (
    <>
      <PageTitle>{subscription.skuName}</PageTitle>
      <CardColumns from="sm" firstSpan={12}>
        <Figure title="Total Licenses" value={subscription.numberOfSeats} />
        <Figure title="Licenses Assigned" value={subscription.licensedNumberOfSeats} />
      </CardColumns>
    </>
  );
}
