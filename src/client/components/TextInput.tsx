// antd's Input alone: the `antd` entry's Input carries TextArea, Search, Password and OTP with it, which
// the home page never shows (docs/performance.md). webpack maps antd/lib to antd/es.
import Input, { type InputProps } from 'antd/lib/input/Input';
import { useStaticMarkup } from './staticMarkup';

export type TextInputProps = InputProps;

/** A text field; read-only in the home page's build-time HTML. */
export function TextInput(props: TextInputProps) {
  const staticMarkup = useStaticMarkup();
  return <Input {...props} readOnly={staticMarkup || props.readOnly} />;
}
