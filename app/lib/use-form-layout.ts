import type { FormProps } from 'antd';
import { labelsBesideFields } from '#shared/constants.ts';
import { useClientWidthRule } from './client-width.ts';

type LabelLayout = Pick<FormProps, 'layout' | 'labelCol' | 'wrapperCol' | 'labelWrap' | 'labelAlign'>;

const BESIDE: LabelLayout = {
  layout: 'horizontal',
  labelCol: { flex: '0 0 140px' },
  wrapperCol: { flex: '1 1 0', style: { minWidth: 0 } },
  labelWrap: true,
  labelAlign: 'right',
};
const ABOVE: LabelLayout = { layout: 'vertical' };

/**
 * The label layout of every form (spec §9, label breakpoint 750): labels sit above their fields on a client
 * narrower than 750 px and beside them from 750 px on. Spread the result on `<Form>`.
 */
export function useFormLayout(): LabelLayout {
  return useClientWidthRule(labelsBesideFields) ? BESIDE : ABOVE;
}
