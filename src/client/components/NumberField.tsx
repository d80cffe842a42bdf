// antd's InputNumber without its addons and its internal preview panel, which imports ConfigProvider and
// with it the tooltip's provider and the popup trigger, never shown on the dashboard
// (docs/performance.md). The same markup and keyboard behaviour from antd's own field
// (@rc-component/input-number), contexts and style hook; NumberField.test.tsx compares both.
// webpack maps antd/lib to antd/es.
import DownOutlined from '@ant-design/icons/DownOutlined';
import UpOutlined from '@ant-design/icons/UpOutlined';
import RcInputNumber, {
  type InputNumberProps as RcInputNumberProps,
  type ValueType,
} from '@rc-component/input-number';
import { useMergeSemantic, useSemanticRootStyle } from 'antd/lib/_util/hooks/useMergeSemantic';
import { getMergedStatus, getStatusClassNames } from 'antd/lib/_util/statusUtils';
import { useComponentConfig } from 'antd/lib/config-provider/context';
import DisabledContext from 'antd/lib/config-provider/DisabledContext';
import useCSSVarCls from 'antd/lib/config-provider/hooks/useCSSVarCls';
import useSize from 'antd/lib/config-provider/hooks/useSize';
import type { SizeType } from 'antd/lib/config-provider/SizeContext';
import { FormItemInputContext } from 'antd/lib/form/context';
import useVariant from 'antd/lib/form/hooks/useVariants';
import type { InputNumberProps, InputNumberSemanticAllType } from 'antd/lib/input-number';
import useStyle from 'antd/lib/input-number/style';
import { useCompactItemContext } from 'antd/lib/space/Compact';
import { useContext } from 'react';
import { classList } from './classList';

export type NumberFieldProps = Pick<
  RcInputNumberProps<ValueType>,
  'id' | 'min' | 'max' | 'step' | 'value' | 'placeholder' | 'parser' | 'onChange' | 'style'
> & {
  size?: SizeType;
  'aria-describedby'?: string;
};

/** A number field with step arrows, drawn and operated as antd's `<InputNumber>` with the same props. */
export function NumberField({ size: customizeSize, style, ...others }: NumberFieldProps) {
  const {
    getPrefixCls,
    direction,
    className: contextClassName,
    style: contextStyle,
    classNames: contextClassNames,
    styles: contextStyles,
  } = useComponentConfig('inputNumber');
  const prefixCls = getPrefixCls('input-number');
  const {
    status: contextStatus,
    hasFeedback,
    isFormItemInput,
    feedbackIcon,
  } = useContext(FormItemInputContext);
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  // The arrows go with a disabled field, as antd's `controls` do.
  const disabled = useContext(DisabledContext);
  const controls = !disabled;
  const { compactSize, compactItemClassnames } = useCompactItemContext(prefixCls, direction);
  const size = useSize((ctx) => customizeSize ?? compactSize ?? ctx);
  const [variant, enableVariantCls] = useVariant('inputNumber');
  const contextStyleRoot = useSemanticRootStyle(contextStyle);
  const styleRoot = useSemanticRootStyle(style);
  const [classNames, styles] = useMergeSemantic<
    InputNumberSemanticAllType['classNames'],
    InputNumberSemanticAllType['styles'],
    InputNumberProps
  >([contextClassNames], [contextStyles, contextStyleRoot, styleRoot], {
    props: { ...others, style, size, disabled, controls },
  });
  const className = classList(
    cssVarCls,
    rootCls,
    hashId,
    classNames.root,
    contextClassName,
    compactItemClassnames,
    getStatusClassNames(prefixCls, getMergedStatus(contextStatus), hasFeedback),
    enableVariantCls && `${prefixCls}-${variant}`,
    size === 'large' && `${prefixCls}-lg`,
    size === 'small' && `${prefixCls}-sm`,
    direction === 'rtl' && `${prefixCls}-rtl`,
    isFormItemInput && `${prefixCls}-in-form-item`,
    !controls && `${prefixCls}-without-controls`,
  );
  return (
    <RcInputNumber
      disabled={disabled}
      className={className}
      style={styles.root}
      upHandler={<UpOutlined />}
      downHandler={<DownOutlined />}
      prefixCls={prefixCls}
      controls={controls}
      suffix={hasFeedback && feedbackIcon}
      classNames={classNames}
      styles={styles}
      {...others}
    />
  );
}
