import { Alert, Typography } from 'antd';

export interface FlexiblePlanNoticeProps {
  helpCentreUrl: string;
}

/** A subscription that is not annual grows by adding users, not through this portal (docs/behaviour.md 2). */
export function FlexiblePlanNotice({ helpCentreUrl }: FlexiblePlanNoticeProps) {
  return (
    <Alert
      type="info"
      showIcon
      title="Flexible plan"
      description={
        <>
          With a Flexible subscription you add licenses simply by adding a user.{' '}
          {/* Underlined: a link inside a sentence must not be told apart by colour alone. */}
          <Typography.Link href={helpCentreUrl} target="_blank" rel="noopener noreferrer" underline>
            Learn more in the Help Center
          </Typography.Link>
        </>
      }
    />
  );
}
