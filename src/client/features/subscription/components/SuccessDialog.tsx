import { Button, Modal, Typography } from 'antd';

export interface SuccessDialogProps {
  open: boolean;
  /** 'Add Even More Licenses' or closing the dialog: the page reloads (docs/behaviour.md 2, docs/behaviour.md 4). */
  onClose: () => void;
}

/** 'Licenses Added Succesfully!' spelt so (docs/behaviour.md 2.6). */
export function SuccessDialog({ open, onClose }: SuccessDialogProps) {
  return (
    <Modal
      open={open}
      title="Licenses Added Succesfully!"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          Add Even More Licenses
        </Button>
      }
    >
      <Typography.Paragraph>
        Your new total amount of licenses will be billed to your account.
      </Typography.Paragraph>
    </Modal>
  );
}
