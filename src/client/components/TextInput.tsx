// antd's Input alone: the `antd` entry's Input carries TextArea, Search, Password and OTP with it, which
// the home page never shows (docs/performance.md). webpack maps antd/lib to antd/es.
import Input from 'antd/lib/input/Input';

export { Input as TextInput };
export type { InputProps as TextInputProps } from 'antd/lib/input/Input';
