import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Tooltip, theme } from 'antd';
import { QUANT_LIMITS } from '#shared/schemas/quant.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { quantForm } from './quant-form.ts';

// The strategy's parameters: editable name / value rows.

const rule = (field: string) => zodRule(quantForm, field);

export function ParametersField() {
  const { t } = useTranslation('quantAdmin');
  const { token } = theme.useToken();
  return (
    <Form.Item label={t('fields.parameters')}>
      <Form.List name="parameters">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} data-testid="quant-parameters">
            {fields.map((field, index) => {
              const line = t('form.parameterLine', { index: index + 1 });
              return (
                <Flex
                  key={field.key}
                  gap={8}
                  wrap
                  align="flex-start"
                  style={{
                    padding: 6,
                    borderRadius: token.borderRadiusLG,
                    background: token.colorFillQuaternary,
                  }}
                  data-testid="quant-parameter-row"
                >
                  <Form.Item
                    name={[field.name, 'key']}
                    rules={[rule(`parameters.${index}.key`)]}
                    style={{ marginBottom: 0, flex: '1 1 140px', minWidth: 0 }}
                  >
                    <Input
                      maxLength={QUANT_LIMITS.parameterKey}
                      placeholder={t('form.parameterKey')}
                      aria-label={`${line} ${t('form.parameterKey')}`}
                      data-testid="quant-parameter-key"
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'value']}
                    rules={[rule(`parameters.${index}.value`)]}
                    style={{ marginBottom: 0, flex: '2 1 180px', minWidth: 0 }}
                  >
                    <Input
                      maxLength={QUANT_LIMITS.parameterValue}
                      placeholder={t('form.parameterValue')}
                      aria-label={`${line} ${t('form.parameterValue')}`}
                      data-testid="quant-parameter-value"
                    />
                  </Form.Item>
                  <Tooltip title={t('form.removeParameter')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`${line} ${t('form.removeParameter')}`}
                      onClick={() => remove(field.name)}
                      data-testid="quant-parameter-remove"
                    />
                  </Tooltip>
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= QUANT_LIMITS.parameters}
              onClick={() => add({ key: '', value: '' })}
              style={{ alignSelf: 'flex-start' }}
              data-testid="quant-parameter-add"
            >
              {t('form.addParameter')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
