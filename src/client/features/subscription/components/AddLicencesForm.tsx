import { Button, Flex } from 'antd';
import { NumberField } from '../../../components/NumberField';
import { Panel, SectionTitle, Sentence } from '../../../components/Panel';
import { useId, useState, type FormEvent } from 'react';
import { canAddSeats, normaliseSeatCount, type SeatCount } from '../seatCount';

export interface AddLicencesFormProps {
  /** maximumNumberOfSeats − numberOfSeats (docs/behaviour.md 5). */
  max: number;
  onAdd: (seatsToAdd: number) => void;
  /** The number input's id, so another control can move the focus to it. */
  inputId?: string;
}

/** The add-licences form of an annual plan (docs/behaviour.md 2.2, rules of docs/behaviour.md 5). */
export function AddLicencesForm({ max, onAdd, inputId: givenInputId }: AddLicencesFormProps) {
  const ownInputId = useId();
  const inputId = givenInputId ?? ownInputId;
  const hintId = useId();
  const [seatsToAdd, setSeatsToAdd] = useState<SeatCount>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canAddSeats(seatsToAdd)) onAdd(seatsToAdd);
  };

  return (
    <Panel>
      <form onSubmit={submit} noValidate>
        <SectionTitle>
          <label htmlFor={inputId}>Add Licenses</label>
        </SectionTitle>
        <Flex gap={8} wrap align="center">
          <NumberField
            id={inputId}
            size="large"
            min={0}
            max={max}
            step={1}
            value={seatsToAdd}
            placeholder="0"
            aria-describedby={hintId}
            // Typed text is normalised as docs/behaviour.md 5 says: over max → max, other invalid → 0, text → cleared.
            parser={(typed) => String(normaliseSeatCount(typed ?? '', max) ?? '')}
            onChange={(value) => setSeatsToAdd(value === null ? null : Number(value))}
            style={{ width: 160 }}
          />
          <Button type="primary" size="large" htmlType="submit" disabled={!canAddSeats(seatsToAdd)}>
            Add Licenses
          </Button>
        </Flex>
        <Sentence id={hintId} style={{ marginTop: 8, marginBottom: 0 }}>
          You can add up to {max} more licenses
        </Sentence>
      </form>
    </Panel>
  );
}
