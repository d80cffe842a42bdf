import { Alert, Form, InputNumber, Modal, Spin, Switch, Typography } from 'antd';
import { useEffect } from 'react';
import { SETTING_SEATS_MAX, type CustomerSettings } from '../../../../contract/customerSettings';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import { CONSOLE_WORDS, settingValue } from '../consoleWords';
import { LastChange } from './LastChange';
import { customerSettingsClosed, customerSettingsSaveRequested } from './settingsSlice';

// One customer's settings in a dialog (docs/behaviour.md 10): opened with a customer's id or domain by
// customerSettingsOpened, from the lookup form or the customers' table. Support staff see it read-only.

const seatsRule = { type: 'integer' as const, min: 1, max: SETTING_SEATS_MAX };

export function CustomerSettingsDialog({ readOnly }: { readOnly: boolean }) {
  const dispatch = useConsoleDispatch();
  const { customer, customerStatus, customerView, customerError } = useConsoleSelector(
    (state) => state.settings,
  );
  const [form] = Form.useForm<CustomerSettings>();
  useEffect(() => {
    if (customerView !== null) form.setFieldsValue(customerView.settings);
  }, [customerView, form]);
  const close = () => dispatch(customerSettingsClosed());
  const defaults = useConsoleSelector((state) => state.settings.defaultsView?.defaults);
  const title =
    customerView === null
      ? CONSOLE_WORDS.customerSettings
      : `${CONSOLE_WORDS.customerSettings}: ${customerView.customerDomain} (${customerView.customerId})`;
  return (
    <Modal
      open={customer !== null}
      title={title}
      onCancel={close}
      onOk={() => form.submit()}
      okText={CONSOLE_WORDS.save}
      cancelText={readOnly ? CONSOLE_WORDS.close : CONSOLE_WORDS.cancel}
      okButtonProps={{ disabled: customerView === null, loading: customerStatus === 'saving' }}
      // Support staff only look: the dialog closes, it never saves.
      footer={readOnly ? (_, { CancelBtn }) => <CancelBtn /> : undefined}
      destroyOnHidden
    >
      {customerStatus === 'loading' ? <Spin aria-label="Loading the settings" /> : null}
      {customerError === null ? null : (
        <Alert type="error" role="alert" showIcon title={customerError} />
      )}
      {customerView === null ? null : (
        <Form
          form={form}
          name="customerSettings"
          layout="vertical"
          disabled={readOnly}
          initialValues={customerView.settings}
          onFinish={(values) =>
            dispatch(
              customerSettingsSaveRequested({
                portalEnabled: values.portalEnabled,
                seatCap: values.seatCap ?? null,
                approvalAbove: values.approvalAbove ?? null,
              }),
            )
          }
        >
          {readOnly ? <Typography.Paragraph>{CONSOLE_WORDS.readOnly}</Typography.Paragraph> : null}
          <Form.Item
            name="portalEnabled"
            label={CONSOLE_WORDS.portalEnabled}
            valuePropName="checked"
          >
            <Switch
              checkedChildren={CONSOLE_WORDS.portalOn}
              unCheckedChildren={CONSOLE_WORDS.portalOff}
            />
          </Form.Item>
          <Form.Item
            name="seatCap"
            label={CONSOLE_WORDS.seatCap}
            rules={[seatsRule]}
            extra={CONSOLE_WORDS.blankIsDefault(settingValue(defaults?.seatCap ?? null))}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="approvalAbove"
            label={CONSOLE_WORDS.approvalAbove}
            rules={[seatsRule]}
            extra={CONSOLE_WORDS.blankIsDefault(
              defaults?.approvalAbove == null
                ? CONSOLE_WORDS.noApprovals
                : String(defaults.approvalAbove),
            )}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <LastChange updatedAt={customerView.updatedAt} updatedBy={customerView.updatedBy} />
        </Form>
      )}
    </Modal>
  );
}
