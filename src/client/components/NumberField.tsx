import { InputNumber, type InputNumberProps } from 'antd';

type ValueType = number | string;

export type NumberFieldProps = Pick<
  InputNumberProps<ValueType>,
  'id' | 'min' | 'max' | 'step' | 'value' | 'placeholder' | 'parser' | 'onChange' | 'style' | 'size'
> & {
  'aria-describedby'?: string;
};

/** A number field with step arrows: antd's InputNumber with the props the add-licences form uses. */
export function NumberField(props: NumberFieldProps) {
  return <InputNumber<ValueType> {...props} />;
}
