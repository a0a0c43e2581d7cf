import { Form } from 'antd';
import type { ReactNode } from 'react';
import { labelsBesideFields } from '#shared/constants.ts';
import { useClientWidthRule } from '../lib/client-width.ts';

/**
 * A form's buttons, lined up with its fields: under the fields when labels sit beside them (750 px and
 * wider, see useFormLayout), at the left edge when labels sit above.
 */
export function FormActions({ children }: { children: ReactNode }) {
  const beside = useClientWidthRule(labelsBesideFields);
  return (
    <Form.Item label={beside ? ' ' : undefined} colon={false} style={{ marginBottom: 0 }}>
      {children}
    </Form.Item>
  );
}
