import { Button, Empty, Flex, Input, Typography } from 'antd';
import { useId, type FormEvent } from 'react';
import type { DelegateKind } from '../../../../contract/api';
import { isValidDelegateEmail } from '../../../../contract/email';
import { Spinner } from '../../../components/Spinner';
import { NoticeDialog } from '../../../components/NoticeDialog';
import type { DelegateListState } from '../delegatesSlice';

export const DELEGATE_DIALOG_TITLES: Record<DelegateKind, string> = {
  licence: 'License Management Access',
  support: 'Support Access',
};

export interface DelegateDialogProps {
  kind: DelegateKind;
  list: DelegateListState;
  onInputChange: (value: string) => void;
  onAdd: (email: string) => void;
  onDelete: (email: string) => void;
  onClose: () => void;
}

/** 'License Management Access' / 'Support Access' (docs/behaviour.md 2.6, rules of docs/behaviour.md 5). */
export function DelegateDialog({
  kind,
  list,
  onInputChange,
  onAdd,
  onDelete,
  onClose,
}: DelegateDialogProps) {
  const inputId = useId();
  const email = list.input;
  const valid = isValidDelegateEmail(email);
  const loading = list.status === 'loading';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // An add with an invalid address does nothing (docs/behaviour.md 5).
    if (valid) onAdd(email);
  };

  return (
    <NoticeDialog
      open={list.open}
      title={DELEGATE_DIALOG_TITLES[kind]}
      button="CLOSE"
      closable={false}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <label htmlFor={inputId} style={{ display: 'block', marginBottom: 8 }}>
          Enter Email Address
        </label>
        <Flex gap={8}>
          <Input
            id={inputId}
            type="email"
            autoComplete="off"
            value={list.input}
            onChange={(event) => onInputChange(event.target.value)}
            aria-invalid={list.input.length > 0 && !valid}
          />
          <Button type="primary" htmlType="submit" disabled={!valid}>
            Add
          </Button>
        </Flex>
      </form>
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        Delegated email addresses
      </Typography.Title>
      {loading ? (
        <Spinner size="small" label="Loading delegated email addresses" />
      ) : list.members.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nobody has this access yet" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.members.map((member) => (
            <li key={member} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}>
              <Flex align="center" justify="space-between" gap={8}>
                <span style={{ overflowWrap: 'anywhere' }}>{member}</span>
                <Button
                  danger
                  size="small"
                  aria-label={`Delete ${member}`}
                  onClick={() => onDelete(member)}
                >
                  Delete
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </NoticeDialog>
  );
}
