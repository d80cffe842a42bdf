import { Button, Descriptions, Modal, Typography } from 'antd';
import { newTotal } from '../seatCount';
import type { PriceState } from '../subscriptionSlice';
import { PurchasePrice } from './PurchasePrice';

export interface ConfirmAddDialogProps {
  open: boolean;
  seatsToAdd: number;
  currentTotal: number;
  /** What the added seats cost, from the server (docs/api.md, GET /api/price-preview). */
  price?: PriceState;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Confirm Adding Licenses' (docs/behaviour.md 2.6): the current and the new total, then the price. */
export function ConfirmAddDialog(props: ConfirmAddDialogProps) {
  const { open, seatsToAdd, currentTotal, price, onCancel, onConfirm } = props;
  return (
    <Modal
      open={open}
      title="Confirm Adding Licenses"
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="add" type="primary" onClick={onConfirm}>
          Add Licenses
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Are you sure you want to add {seatsToAdd} licenses?
      </Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'current', label: 'Current total', children: currentTotal },
          { key: 'new', label: 'New total', children: newTotal(currentTotal, seatsToAdd) },
        ]}
      />
      {price !== undefined && <PurchasePrice price={price} />}
    </Modal>
  );
}
