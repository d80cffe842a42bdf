import { Button, Modal, Typography } from 'antd';

export interface ErrorDialogProps {
  open: boolean;
  message: string;
  onClose: () => void;
}

/** 'Oops! An Error Occurred.' with the message (docs/behaviour.md 2.6, docs/behaviour.md 8). */
export function ErrorDialog({ open, message, onClose }: ErrorDialogProps) {
  return (
    <Modal
      open={open}
      title="Oops! An Error Occurred."
      // CLOSE is the one way out by pointer (Escape still works); no second, same-named X.
      closable={false}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          CLOSE
        </Button>
      }
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message}
      </Typography.Paragraph>
    </Modal>
  );
}
