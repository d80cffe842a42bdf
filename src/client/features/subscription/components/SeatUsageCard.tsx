import { Alert, Button, Progress } from 'antd';
import { Panel, SectionTitle, Sentence } from '../../../components/Panel';
import { useId } from 'react';
import { ACCENT_COLOUR, WARN_COLOUR } from '../../../app/theme';
import type { SubscriptionInfo } from '../../../../contract/subscription';
import { licenceCount } from '../../../../contract/licenceWords';
import { seatUsage } from '../seatUsage';

export interface SeatUsageCardProps {
  subscription: Pick<SubscriptionInfo, 'numberOfSeats' | 'licensedNumberOfSeats' | 'isAnnual'>;
  /** Whether this person may add licences at all (admin or licence delegate). */
  mayAdd: boolean;
  /** Given when the add form is on the page and can add some: the warning's button calls it. */
  onAddMore?: () => void;
}

/**
 * The narrowest the warning's words may get before its button moves below them: on a phone, antd's
 * Alert kept the button beside the words and broke "licenses" mid-word.
 */
const WARNING_WORDS_MIN_WIDTH = 180;
/** The space above the button once it has moved below the words. */
const WARNING_BUTTON_GAP = 12;

function warningTitle(assigned: number, total: number, free: number): string {
  if (assigned > total) return 'More licenses are assigned than bought';
  if (free === 0) return 'All licenses are assigned';
  return 'Almost all licenses are assigned';
}

function warningText(free: number, percent: number, mayAdd: boolean): string {
  const stand =
    free === 0
      ? 'No license is free for a new user.'
      : `Only ${licenceCount(free)} ${free === 1 ? 'is' : 'are'} free (${percent}% assigned).`;
  return mayAdd ? stand : `${stand} Ask an administrator to add licenses.`;
}

/** Assigned against bought as a bar, and a warning when 90 % or more are assigned or none is free.
 * A Flexible plan grows with its users (docs/behaviour.md 2), so it is never warned about. */
export function SeatUsageCard({ subscription, mayAdd, onAddMore }: SeatUsageCardProps) {
  const titleId = useId();
  const usage = seatUsage(subscription);
  const warn = subscription.isAnnual && usage.nearlyFull;
  const summary = `${usage.assigned} of ${licenceCount(usage.total)} assigned`;
  return (
    <Panel>
      <section aria-labelledby={titleId}>
        <SectionTitle id={titleId}>Seat usage</SectionTitle>
        <Progress
          percent={usage.percent}
          strokeColor={warn ? WARN_COLOUR : ACCENT_COLOUR}
          aria-label="Seat usage"
          aria-valuetext={summary}
        />
        <Sentence style={{ marginTop: 8, marginBottom: warn ? 16 : 0 }}>
          {summary}, {usage.free} free
        </Sentence>
        {warn && (
          <Alert
            type="warning"
            showIcon
            styles={{
              root: { flexWrap: 'wrap', rowGap: WARNING_BUTTON_GAP },
              section: { minWidth: WARNING_WORDS_MIN_WIDTH },
            }}
            title={warningTitle(usage.assigned, usage.total, usage.free)}
            description={warningText(usage.free, usage.percent, mayAdd)}
            action={
              onAddMore && (
                <Button type="primary" onClick={onAddMore}>
                  Add more licenses
                </Button>
              )
            }
          />
        )}
      </section>
    </Panel>
  );
}
