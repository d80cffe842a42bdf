import { Button, Empty, Flex, Input, List, Modal, Typography } from 'antd';
import { useId, type FormEvent } from 'react';
import type { DelegateKind } from '../../../../contract/api';
import { isValidDelegateEmail } from '../../../../contract/email';
import { Spinner } from '../../../components/Spinner';
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

/** 'License Management Access' / 'Support Access' (spec §2 Dialogs, rules of §5). */
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
    // An add with an invalid address does nothing (spec §5).
    if (valid) onAdd(email);
  };

  return (
    <Modal
      open={list.open}
      title={DELEGATE_DIALOG_TITLES[kind]}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          CLOSE
        </Button>
      }
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
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
        Delegated email addresses
      </Typography.Title>
      {loading ? (
        <Spinner size="small" label="Loading delegated email addresses" />
      ) : list.members.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nobody has this access yet" />
      ) : (
        <List
          size="small"
          dataSource={list.members}
          renderItem={(member) => (
            <List.Item
              actions={[
                <Button
                  key="delete"
                  danger
                  size="small"
                  aria-label={`Delete ${member}`}
                  onClick={() => onDelete(member)}
                >
                  Delete
                </Button>,
              ]}
            >
              <span style={{ overflowWrap: 'anywhere' }}>{member}</span>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
