import { Typography } from 'antd';
import type { ReactElement } from 'react';
import { drawnWithStyles } from '../test/drawnWithStyles';
import { TextLink } from './TextLink';

// TextLink stands in for antd's Typography.Link in the Flexible plan notice (docs/performance.md): it
// must draw the same markup with the same styles.

const CASES: [string, ReactElement, ReactElement][] = [
  [
    'the notice’s link: new tab, rel, underlined',
    <Typography.Link
      key="antd"
      href="https://support.example.com/a"
      target="_blank"
      rel="noopener noreferrer"
      underline
    >
      Learn more in the Help Center
    </Typography.Link>,
    <TextLink
      key="mine"
      href="https://support.example.com/a"
      target="_blank"
      rel="noopener noreferrer"
      underline
    >
      Learn more in the Help Center
    </TextLink>,
  ],
  [
    'a new tab without rel (antd adds noopener noreferrer)',
    <Typography.Link key="antd" href="/help" target="_blank">
      Help
    </Typography.Link>,
    <TextLink key="mine" href="/help" target="_blank">
      Help
    </TextLink>,
  ],
  [
    'a plain link, not underlined',
    <Typography.Link key="antd" href="/help">
      Help
    </Typography.Link>,
    <TextLink key="mine" href="/help">
      Help
    </TextLink>,
  ],
];

describe('TextLink', () => {
  it.each(CASES)(
    "draws %s as antd's Typography.Link draws it, with the same styles",
    (_name, antdLink, mine) => {
      const expected = drawnWithStyles(antdLink);
      const actual = drawnWithStyles(mine);
      expect(actual.markup).toBe(expected.markup);
      expect(actual.styles).toBe(expected.styles);
      expect(actual.styles).toContain('ant-typography');
    },
  );
});
