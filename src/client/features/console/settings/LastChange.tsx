import { Typography } from 'antd';
import { CONSOLE_WORDS } from '../consoleWords';

/** Who changed the settings last and when, in the staff member's own time zone. */
export function LastChange({
  updatedAt,
  updatedBy,
}: {
  updatedAt: string | null;
  updatedBy: string | null;
}) {
  return (
    <Typography.Paragraph type="secondary">
      {updatedAt === null || updatedBy === null
        ? CONSOLE_WORDS.neverChanged
        : CONSOLE_WORDS.lastChange(updatedBy, new Date(updatedAt).toLocaleString())}
    </Typography.Paragraph>
  );
}
