import { Typography } from 'antd';
import { NoticeDialog } from '../../../components/NoticeDialog';

export interface ErrorDialogProps {
  open: boolean;
  message: string;
  onClose: () => void;
}

/** 'Oops! An Error Occurred.' with the message (docs/behaviour.md 2.6, docs/behaviour.md 8). */
export function ErrorDialog({ open, message, onClose }: ErrorDialogProps) {
  return (
    <NoticeDialog
      open={open}
      title="Oops! An Error Occurred."
      button="CLOSE"
      closable={false}
      onClose={onClose}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message}
      </Typography.Paragraph>
    </NoticeDialog>
  );
}
