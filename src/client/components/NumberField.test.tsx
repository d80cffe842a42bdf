import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InputNumber } from 'antd';
import { useState, type ComponentType } from 'react';
import { PortalTheme } from '../app/PortalTheme';
import { drawnWithStyles } from '../../testing/client/drawnWithStyles';
import { NumberField, type NumberFieldProps } from './NumberField';

// NumberField stands in for antd's InputNumber in the add-licences form: it must draw the same markup
// with the same styles, and answer typing, the arrow keys and clearing as InputNumber does, or the
// form would change with it (docs/behaviour.md 5).

type Field = ComponentType<NumberFieldProps>;
const FIELDS: [string, Field][] = [
  ['antd InputNumber', InputNumber as Field],
  ['NumberField', NumberField as Field],
];

const MAX = 30;

/** A parser like the add form's (docs/behaviour.md 5): over the maximum → the maximum, text → empty. */
function clampToMax(typed: string | undefined): string {
  const text = (typed ?? '').trim();
  if (text === '' || Number.isNaN(Number(text))) return '';
  return Number(text) > MAX ? String(MAX) : text;
}

/** The props AddLicencesForm gives the field. */
function formProps(value: number | null): NumberFieldProps {
  return {
    id: 'seats',
    size: 'large',
    min: 0,
    max: MAX,
    step: 1,
    value,
    placeholder: '0',
    'aria-describedby': 'hint',
    parser: clampToMax,
    onChange: () => undefined,
    style: { width: 160 },
  };
}

describe('NumberField draws', () => {
  it.each([
    ['empty', formProps(null)],
    ['a value', formProps(7)],
    ['the maximum', formProps(MAX)],
    ['0', formProps(0)],
    ['the default size', { ...formProps(3), size: undefined }],
  ])('%s as antd InputNumber does', (_case, props) => {
    const expected = drawnWithStyles(<InputNumber<number | string> {...props} />);
    const actual = drawnWithStyles(<NumberField {...props} />);
    expect(actual.markup).toBe(expected.markup);
    expect(actual.styles).toBe(expected.styles);
  });
});

/** The field held as AddLicencesForm holds it, with every change it reports. */
function renderForm(Field: Field) {
  const changes: (number | string | null)[] = [];
  function Form() {
    const [seats, setSeats] = useState<number | null>(null);
    return (
      <>
        <label htmlFor="seats">Add Licenses</label>
        <Field
          {...formProps(seats)}
          onChange={(value) => {
            changes.push(value);
            setSeats(value === null ? null : Number(value));
          }}
        />
        <p id="hint">You can add up to {MAX} more licenses</p>
        <button type="button">Next</button>
      </>
    );
  }
  const user = userEvent.setup();
  const { container } = render(
    <PortalTheme>
      <Form />
    </PortalTheme>,
  );
  const box = () => screen.getByRole('spinbutton', { name: 'Add Licenses' });
  return { user, box, changes, container };
}

describe.each(FIELDS)('%s', (_name, Field) => {
  it('takes a typed number and steps it with the arrow keys', async () => {
    const { user, box, changes } = renderForm(Field);
    await user.type(box(), '5');
    expect(box()).toHaveValue('5');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box()).toHaveValue('7');
    expect(box()).toHaveAttribute('aria-valuenow', '7');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveValue('6');
    expect(changes.at(-1)).toBe(6);
  });

  it('clamps a typed value over the maximum through the parser', async () => {
    const { user, box, changes } = renderForm(Field);
    await user.type(box(), '75');
    await user.tab();
    expect(box()).toHaveValue(String(MAX));
    expect(changes.at(-1)).toBe(MAX);
  });

  it('never steps above the maximum nor below 0', async () => {
    const { user, box } = renderForm(Field);
    await user.click(box());
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveValue('0');
    await user.clear(box());
    await user.type(box(), String(MAX - 1));
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(box()).toHaveValue(String(MAX));
    expect(box()).toHaveAttribute('aria-valuemax', String(MAX));
    expect(box()).toHaveAttribute('aria-valuemin', '0');
  });

  it('empties when cleared or given text', async () => {
    const { user, box, changes } = renderForm(Field);
    await user.type(box(), '7');
    await user.clear(box());
    expect(box()).toHaveValue('');
    expect(changes.at(-1)).toBeNull();
    await user.type(box(), 'abc');
    await user.tab();
    expect(box()).toHaveValue('');
    expect(changes.at(-1)).toBeNull();
  });
});

it('NumberField reports the same changes and shows the same markup as InputNumber at every step', async () => {
  async function trace(Field: Field) {
    const { user, box, changes, container } = renderForm(Field);
    const seen: string[] = [];
    const step = async (act: () => Promise<void>) => {
      await act();
      seen.push(`${JSON.stringify(changes)} ${container.innerHTML}`);
    };
    await step(() => user.hover(box()));
    await step(() => user.click(box()));
    await step(() => user.type(box(), '12'));
    await step(() => user.keyboard('{ArrowUp}{ArrowDown}{ArrowDown}'));
    await step(() => user.keyboard('{Backspace}{Backspace}4.5'));
    await step(() => user.tab());
    await step(() => user.type(box(), '999'));
    await step(() => user.tab());
    await step(() => user.clear(box()));
    await step(() => user.tab());
    return seen;
  }
  const expected = await trace(InputNumber as Field);
  document.body.innerHTML = '';
  const actual = await trace(NumberField as Field);
  expect(actual).toEqual(expected);
});
