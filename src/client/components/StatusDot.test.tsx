import { Badge } from 'antd';
import { drawnWithStyles } from '../test/drawnWithStyles';
import { StatusDot, type StatusDotKind } from './StatusDot';

// StatusDot stands in for antd's status Badge in the subscription details (docs/performance.md): it
// must draw the same markup with the same styles.

// The three PlanDetails maps the subscription's status to (docs/behaviour.md 2), and antd's other two.
const CASES: [StatusDotKind, string][] = [
  ['success', 'Active'],
  ['error', 'Suspended'],
  ['warning', 'Pending'],
  ['processing', 'Processing'],
  ['default', 'Unknown'],
];

describe('StatusDot', () => {
  it.each(CASES)(
    "draws status %s as antd's Badge draws it, with the same styles",
    (status, text) => {
      const antd = drawnWithStyles(<Badge status={status} text={text} />);
      const mine = drawnWithStyles(<StatusDot status={status} text={text} />);
      expect(mine.markup).toBe(antd.markup);
      expect(mine.styles).toBe(antd.styles);
      expect(mine.styles).toContain('ant-badge-status-dot');
    },
  );
});
