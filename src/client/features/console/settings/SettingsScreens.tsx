import { Space } from 'antd';
import { AuditTrail } from '../audit/AuditTrail';
import { CustomerLookup } from './CustomerLookup';
import { CustomerSettingsDialog } from './CustomerSettingsDialog';
import { DefaultsEditor } from './DefaultsEditor';

/** The console's settings screens: a customer's by lookup, the defaults, the audit trail. */
export function SettingsScreens({ readOnly }: { readOnly: boolean }) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <CustomerLookup />
      <DefaultsEditor readOnly={readOnly} />
      <AuditTrail />
      <CustomerSettingsDialog readOnly={readOnly} />
    </Space>
  );
}
