import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface NoticeDialogProps {
  open: boolean;
  title: string;
  /** The words of the one button, which closes the dialog as Escape does. */
  button: string;
  /** CLOSE dialogs leave out antd's X: no second, same-named way out by pointer. */
  closable?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** antd's Modal with one primary button that closes it (docs/behaviour.md 2.6). */
export function NoticeDialog({
  open,
  title,
  button,
  closable,
  onClose,
  children,
}: NoticeDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      closable={closable}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {button}
        </Button>
      }
    >
      {children}
    </Modal>
  );
}
