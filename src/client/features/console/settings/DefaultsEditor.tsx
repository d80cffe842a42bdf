import { Alert, Button, Card, Form, InputNumber, Typography } from 'antd';
import { useEffect } from 'react';
import { SETTING_SEATS_MAX, type ResellerDefaults } from '../../../../contract/customerSettings';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import { CONSOLE_WORDS } from '../consoleWords';
import { LastChange } from './LastChange';
import { defaultsRequested, defaultsSaveRequested } from './settingsSlice';

// The reseller's defaults (docs/behaviour.md 10): what every customer without its own value gets.
export function DefaultsEditor({ readOnly }: { readOnly: boolean }) {
  const dispatch = useConsoleDispatch();
  const { defaultsStatus, defaultsView, defaultsError, defaultsSaved } = useConsoleSelector(
    (state) => state.settings,
  );
  const [form] = Form.useForm<ResellerDefaults>();
  useEffect(() => {
    dispatch(defaultsRequested());
  }, [dispatch]);
  useEffect(() => {
    if (defaultsView !== null) form.setFieldsValue(defaultsView.defaults);
  }, [defaultsView, form]);
  return (
    <Card title={CONSOLE_WORDS.defaults}>
      <Typography.Paragraph>{CONSOLE_WORDS.defaultsIntro}</Typography.Paragraph>
      {defaultsError === null ? null : (
        <Alert type="error" role="alert" showIcon title={defaultsError} />
      )}
      <Form
        form={form}
        name="resellerDefaults"
        layout="vertical"
        disabled={readOnly || defaultsView === null}
        onFinish={(values) =>
          dispatch(
            defaultsSaveRequested({
              seatCap: values.seatCap,
              approvalAbove: values.approvalAbove ?? null,
            }),
          )
        }
      >
        <Form.Item
          name="seatCap"
          label={CONSOLE_WORDS.defaultSeatCap}
          rules={[{ required: true, type: 'integer', min: 1, max: SETTING_SEATS_MAX }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="approvalAbove"
          label={CONSOLE_WORDS.defaultApprovalAbove}
          rules={[{ type: 'integer', min: 1, max: SETTING_SEATS_MAX }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {defaultsView === null ? null : (
          <LastChange updatedAt={defaultsView.updatedAt} updatedBy={defaultsView.updatedBy} />
        )}
        {readOnly ? (
          <Typography.Paragraph>{CONSOLE_WORDS.readOnly}</Typography.Paragraph>
        ) : (
          <Button type="primary" htmlType="submit" loading={defaultsStatus === 'saving'}>
            {CONSOLE_WORDS.save}
          </Button>
        )}
        {defaultsSaved ? (
          <Typography.Text role="status" style={{ marginLeft: 12 }}>
            {CONSOLE_WORDS.saved}
          </Typography.Text>
        ) : null}
      </Form>
    </Card>
  );
}
