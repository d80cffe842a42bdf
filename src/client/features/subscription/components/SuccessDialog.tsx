import { Typography } from 'antd';
import { NoticeDialog } from '../../../components/NoticeDialog';
import type { PricePreview } from '../../../../contract/prices';
import { boughtLine } from '../priceWords';

export interface SuccessDialogProps {
  open: boolean;
  /** 'Add Even More Licenses' or closing the dialog: the page reloads (docs/behaviour.md 2, docs/behaviour.md 4). */
  onClose: () => void;
  /** What was bought: the seats and, when the confirm dialog showed one, the price. */
  bought?: { seatsToAdd: number; price: PricePreview | null };
}

/** 'Licenses Added Succesfully!' spelt so (docs/behaviour.md 2.6). */
export function SuccessDialog({ open, onClose, bought }: SuccessDialogProps) {
  return (
    <NoticeDialog
      open={open}
      title="Licenses Added Succesfully!"
      button="Add Even More Licenses"
      onClose={onClose}
    >
      <Typography.Paragraph>
        Your new total amount of licenses will be billed to your account.
      </Typography.Paragraph>
      {bought !== undefined && (
        <Typography.Paragraph>{boughtLine(bought.seatsToAdd, bought.price)}</Typography.Paragraph>
      )}
    </NoticeDialog>
  );
}
