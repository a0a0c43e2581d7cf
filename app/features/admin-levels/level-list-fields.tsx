import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  ConfigProvider,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Rate,
  Tooltip,
  theme,
} from 'antd';
import { labelsBesideFields } from '#shared/constants.ts';
import { message } from '#shared/messages.ts';
import { MAX_LEVELS, MAX_TARGETS } from '#shared/schemas/levels.ts';
import { useClientWidthRule } from '../../lib/client-width.ts';
import { zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { EMPTY_LEVEL, type LevelSetFormValues, levelSetForm, levelsIssue } from './level-form.ts';

// The editable lists of the level set form: supports, resistances (price, reason, strength) and targets.

const STRENGTHS = ['1', '2', '3', '4', '5'] as const;
const rule = (field: string) => zodRule(levelSetForm, field);
/** Stars 4 px apart, so that price, strength and the remove button share a line on a phone. */
const COMPACT_STARS = { components: { Rate: { marginXS: 4 } } };

export function LevelListField({
  form,
  list,
  extra,
}: {
  form: FormInstance<LevelSetFormValues>;
  list: 'supports' | 'resistances';
  extra?: string;
}) {
  const { t } = useTranslation('levelsAdmin');
  const { token } = theme.useToken();
  const narrow = !useClientWidthRule(labelsBesideFields);
  const kind = t(`fields.${list}`);
  const listRule = {
    validator: async () => {
      const issue = levelsIssue(form.getFieldsValue(true), list);
      if (issue) throw new Error(message(issue, currentLocale()));
    },
  };
  return (
    <Form.Item label={kind} extra={extra} required={list === 'supports'}>
      <Form.List name={list} rules={[listRule]}>
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} data-testid={`level-${list}`}>
            {fields.map((field, index) => {
              const line = t('form.levelLine', { kind, index: index + 1 });
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
                  data-testid={`level-${list}-row`}
                >
                  <Form.Item
                    name={[field.name, 'price']}
                    rules={[rule(`${list}.${index}.price`)]}
                    style={{ marginBottom: 0, flex: narrow ? '1 1 72px' : '0 1 170px', minWidth: 72 }}
                  >
                    <InputNumber<number>
                      controls={false}
                      inputMode="decimal"
                      placeholder={t('form.price')}
                      aria-label={`${line} ${t('form.price')}`}
                      style={{ width: '100%' }}
                      data-testid={`level-${list}-price`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'reason']}
                    rules={[rule(`${list}.${index}.reason`)]}
                    // On a narrow screen the reason takes its own line, under the price and strength.
                    style={{
                      marginBottom: 0,
                      flex: narrow ? '1 1 100%' : '1 1 180px',
                      order: narrow ? 1 : 0,
                    }}
                  >
                    <Input
                      maxLength={200}
                      placeholder={t('form.reason')}
                      aria-label={`${line} ${t('form.reason')}`}
                      data-testid={`level-${list}-reason`}
                    />
                  </Form.Item>
                  <Flex align="center" gap={4} style={{ height: 32 }}>
                    <ConfigProvider theme={COMPACT_STARS}>
                      <Form.Item
                        name={[field.name, 'strength']}
                        rules={[rule(`${list}.${index}.strength`)]}
                        // Rate reads 0 as "no star"; the request says none with null.
                        getValueProps={(value: number | null) => ({ value: value ?? 0 })}
                        normalize={(value: number) => (value > 0 ? value : null)}
                        style={{ marginBottom: 0 }}
                      >
                        <Rate
                          count={5}
                          tooltips={STRENGTHS.map((level) => t(`form.strengths.${level}`))}
                          style={{ fontSize: 16, whiteSpace: 'nowrap' }}
                          aria-label={`${line} ${t('form.strength')}`}
                          data-testid={`level-${list}-strength`}
                        />
                      </Form.Item>
                    </ConfigProvider>
                    <Tooltip title={t('form.removeLevel')}>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={`${line} ${t('form.removeLevel')}`}
                        onClick={() => remove(field.name)}
                        data-testid={`level-${list}-remove`}
                      />
                    </Tooltip>
                  </Flex>
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_LEVELS}
              onClick={() => add({ ...EMPTY_LEVEL })}
              style={{ alignSelf: 'flex-start' }}
              data-testid={`level-${list}-add`}
            >
              {list === 'supports' ? t('form.addSupport') : t('form.addResistance')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

export function TargetsField() {
  const { t } = useTranslation('levelsAdmin');
  return (
    <Form.Item label={t('fields.targets')} extra={t('form.targetsHint')}>
      <Form.List name="targets">
        {(fields, { add, remove }) => (
          <Flex gap={8} wrap align="flex-start" data-testid="level-targets">
            {fields.map((field, index) => {
              const line = t('form.targetLine', { index: index + 1 });
              return (
                <Flex key={field.key} gap={4} align="flex-start" data-testid="level-targets-row">
                  <Form.Item
                    name={field.name}
                    rules={[rule(`targets.${index}`)]}
                    style={{ marginBottom: 0, width: 150 }}
                  >
                    <InputNumber<number>
                      controls={false}
                      inputMode="decimal"
                      placeholder={line}
                      aria-label={line}
                      style={{ width: '100%' }}
                      data-testid="level-target-price"
                    />
                  </Form.Item>
                  <Tooltip title={t('form.removeTarget')}>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`${line} ${t('form.removeTarget')}`}
                      onClick={() => remove(field.name)}
                      data-testid="level-target-remove"
                    />
                  </Tooltip>
                </Flex>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_TARGETS}
              onClick={() => add(null)}
              data-testid="level-target-add"
            >
              {t('form.addTarget')}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
