import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useConsoleDispatch } from '../consoleHooks';
import { CONSOLE_WORDS } from '../consoleWords';
import { customerSettingsOpened } from './settingsSlice';

// Opens a customer's settings dialog by its id or one of its domains (docs/behaviour.md 10).
export function CustomerLookup() {
  const dispatch = useConsoleDispatch();
  const [typed, setTyped] = useState('');
  const customer = typed.trim();
  return (
    <Card title={CONSOLE_WORDS.customerSettings}>
      <Form layout="inline" onFinish={() => dispatch(customerSettingsOpened(customer))}>
        <Form.Item label={CONSOLE_WORDS.customerLookupLabel} htmlFor="customer-lookup">
          <Input
            id="customer-lookup"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={customer === ''}>
          {CONSOLE_WORDS.customerLookupButton}
        </Button>
      </Form>
    </Card>
  );
}
