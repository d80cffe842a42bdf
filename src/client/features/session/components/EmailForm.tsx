import { Button } from 'antd';
import { useId, type FormEvent } from 'react';
import { isValidHomeEmail } from '../../../../contract/email';
import { TextInput } from '../../../components/TextInput';

export interface EmailFormProps {
  value: string;
  /** Support destination: Next is warn-coloured (docs/behaviour.md 2). */
  warn: boolean;
  busy: boolean;
  onChange: (value: string) => void;
  onSubmit: (email: string) => void;
}

/** The home screen's e-mail input and Next button; Enter submits (docs/behaviour.md 2, rules of docs/behaviour.md 5). */
export function EmailForm({ value, warn, busy, onChange, onSubmit }: EmailFormProps) {
  const inputId = useId();
  const valid = isValidHomeEmail(value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !busy) onSubmit(value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 8, fontWeight: 600 }}>
        Email address
      </label>
      <div style={{ display: 'flex', gap: 8 }}>
        <TextInput
          id={inputId}
          type="email"
          size="large"
          autoComplete="email"
          inputMode="email"
          placeholder="name@company.com"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={value.length > 0 && !valid}
        />
        <Button
          type="primary"
          danger={warn}
          size="large"
          htmlType="submit"
          disabled={!valid || busy}
        >
          Next
        </Button>
      </div>
    </form>
  );
}
