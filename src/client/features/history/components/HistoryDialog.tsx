import { Alert, Button, Flex, Modal, Radio, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useId } from 'react';
import type { HistoryEntry, HistoryKind } from '../../../../contract/history';
import { saveTextFile } from '../../../services/download';
import type { HistoryState } from '../historySlice';
import {
  amountInWords,
  entryInWords,
  KIND_CHOICES,
  STATE_WORDS,
  whenInWords,
} from '../historyWords';

export const HISTORY_DIALOG_TITLE = 'Change History';
const ALL = 'all';

export interface HistoryDialogProps {
  history: HistoryState;
  onKindChange: (kind: HistoryKind | null) => void;
  onPrevious: () => void;
  onNext: () => void;
  onRetry: () => void;
  onDownload: () => void;
  /** The CSV the state holds was handed to the browser. */
  onCsvSaved: () => void;
  onClose: () => void;
}

const columns: TableColumnsType<HistoryEntry> = [
  {
    key: 'when',
    title: 'When',
    width: 220,
    render: (_value, entry) => <time dateTime={entry.at}>{whenInWords(entry.at)}</time>,
  },
  { key: 'who', title: 'Who', dataIndex: 'actor', width: 220 },
  {
    key: 'what',
    title: 'What',
    render: (_value, entry) => (
      <>
        {entryInWords(entry)}
        {entry.state !== 'done' && (
          <Tag style={{ marginInlineStart: 8 }}>{STATE_WORDS[entry.state]}</Tag>
        )}
      </>
    ),
  },
  // The purchase's amount due now as it was charged (docs/api.md, Money); blank where none was kept.
  {
    key: 'amount',
    title: 'Amount',
    width: 120,
    align: 'end',
    render: (_value, entry) => amountInWords(entry),
  },
];

/** 'Change History' (admin menu): who changed licences and delegates, and when, page by page. */
export function HistoryDialog(props: HistoryDialogProps) {
  const { history, onKindChange, onPrevious, onNext, onRetry, onDownload, onCsvSaved, onClose } =
    props;
  const filterLabelId = useId();
  const pageLabelId = useId();
  const loading = history.status === 'loading';

  useEffect(() => {
    if (history.csv === null) return;
    saveTextFile(history.csv.fileName, history.csv.text);
    onCsvSaved();
  }, [history.csv, onCsvSaved]);

  return (
    <Modal
      open={history.open}
      title={HISTORY_DIALOG_TITLE}
      width={960}
      // CLOSE is the one way out by pointer (Escape still works), as in the other dialogs.
      closable={false}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Button onClick={onDownload} loading={history.preparingCsv}>
            Download CSV
          </Button>
          <Button type="primary" onClick={onClose}>
            CLOSE
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Flex align="center" gap={12} wrap>
          <Typography.Text id={filterLabelId}>Show</Typography.Text>
          <Radio.Group
            aria-labelledby={filterLabelId}
            optionType="button"
            value={history.kind ?? ALL}
            onChange={(event) => {
              const value = event.target.value as string;
              onKindChange(value === ALL ? null : (value as HistoryKind));
            }}
            options={KIND_CHOICES.map((choice) => ({
              value: choice.kind ?? ALL,
              label: choice.label,
            }))}
          />
        </Flex>
        {history.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={history.error}
            action={<Button onClick={onRetry}>Try again</Button>}
          />
        )}
        <Table<HistoryEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={history.entries}
          loading={loading ? { description: 'Loading the change history' } : false}
          pagination={false}
          locale={{ emptyText: loading ? ' ' : 'No changes recorded' }}
          scroll={{ x: 720 }}
        />
        <nav aria-labelledby={pageLabelId}>
          <Flex align="center" justify="flex-end" gap={8}>
            <Typography.Text id={pageLabelId}>Page {history.pageIndex + 1}</Typography.Text>
            <Button onClick={onPrevious} disabled={loading || history.pageIndex === 0}>
              Previous page
            </Button>
            <Button
              onClick={onNext}
              disabled={loading || history.status !== 'ready' || history.nextCursor === null}
            >
              Next page
            </Button>
          </Flex>
        </nav>
      </Flex>
    </Modal>
  );
}
