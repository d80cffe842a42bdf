import { Input, type InputProps } from 'antd';
import { useStaticMarkup } from './staticMarkup';

export type TextInputProps = InputProps;

/** A text field; read-only in the home page's build-time HTML. */
export function TextInput(props: TextInputProps) {
  const staticMarkup = useStaticMarkup();
  return <Input {...props} readOnly={staticMarkup || props.readOnly} />;
}
