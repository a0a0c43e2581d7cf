import { SaveOutlined } from '@ant-design/icons';
import { Button, Col, Drawer, Flex, Form, Input, InputNumber, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { addApiKeyRequest, type TraderKey, updateApiKeyRequest } from '#shared/schemas/trader-keys.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TRADER_FIELDS, useAddKey, useUpdateKey } from './traders-api.ts';
import { useDrawerWidth } from './use-drawer-width.ts';

export interface TraderFormValues {
  keyName: string;
  keyValue: string;
  secretValue: string;
  coEfficient: number | null;
  leverageCoefficient: number | null;
  isActive: boolean;
}

const EMPTY: TraderFormValues = {
  keyName: '',
  keyValue: '',
  secretValue: '',
  coEfficient: 1,
  leverageCoefficient: 1,
  isActive: true,
};

function valuesOf(key: TraderKey | null): TraderFormValues {
  if (!key) return EMPTY;
  return {
    keyName: key.keyName,
    // Never the stored values: the list only has masked ones. Blank keeps them.
    keyValue: '',
    secretValue: '',
    coEfficient: key.coEfficient,
    leverageCoefficient: key.leverageCoefficient,
    isActive: key.isActive,
  };
}

interface TraderFormDrawerProps {
  open: boolean;
  /** The key being edited; null adds a new one. */
  editing: TraderKey | null;
  onClose: () => void;
  /** After a new key was added (its id), so its subscription roles can be chosen next. */
  onCreated: (id: number, keyName: string) => void;
}

/** Add or edit a trader API key in a drawer (spec §2, §5, §9: 980 wide on screens over 1200). */
export function TraderFormDrawer({ open, editing, onClose, onCreated }: TraderFormDrawerProps) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('advisoriesAdmin');
  const { message } = useFeedback();
  const [form] = Form.useForm<TraderFormValues>();
  useRevalidateOnLanguageChange(form);
  const width = useDrawerWidth();
  const add = useAddKey();
  const update = useUpdateKey();
  const saving = add.isPending || update.isPending;
  const schema = editing ? updateApiKeyRequest : addApiKeyRequest;
  const rule = (field: string) => zodRule(schema, field);

  useEffect(() => {
    // A key and secret typed in do not stay in the page once the drawer is closed.
    if (!open) return form.setFieldsValue({ keyValue: '', secretValue: '' });
    form.resetFields();
    form.setFieldsValue(valuesOf(editing));
  }, [open, editing, form]);

  const submit = async (values: TraderFormValues) => {
    const common = {
      keyName: values.keyName.trim(),
      coEfficient: values.coEfficient ?? Number.NaN,
      leverageCoefficient: values.leverageCoefficient ?? Number.NaN,
      isActive: values.isActive,
    };
    try {
      if (editing) {
        const keyValue = values.keyValue.trim();
        const secretValue = values.secretValue.trim();
        await update.mutateAsync({
          id: editing.id,
          ...common,
          ...(keyValue ? { keyValue } : {}),
          ...(secretValue ? { secretValue } : {}),
        });
        void message.success(t('traders.saved', { name: common.keyName }));
        onClose();
      } else {
        const created = await add.mutateAsync({
          ...common,
          keyValue: values.keyValue.trim(),
          secretValue: values.secretValue.trim(),
        });
        void message.success(t('traders.added', { name: common.keyName }));
        onClose();
        onCreated(created.id, common.keyName);
      }
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, TRADER_FIELDS);
    }
  };

  const keepHint = editing ? t('traders.form.keepHint') : undefined;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={width}
      title={editing ? t('traders.form.editTitle', { name: editing.keyName }) : t('traders.form.addTitle')}
      // The form stays mounted, so the drawer can fill it before it opens.
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => form.submit()}
            data-testid="trader-save"
          >
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<TraderFormValues>
        form={form}
        {...formLayout}
        initialValues={valuesOf(editing)}
        onFinish={(values) => void submit(values)}
        requiredMark
        data-testid="trader-form"
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="keyName" label={t('traders.fields.keyName')} rules={[rule('keyName')]} required>
              <Input maxLength={60} showCount autoComplete="off" data-testid="trader-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="isActive" label={t('traders.fields.isActive')} valuePropName="checked">
              <Switch
                checkedChildren={t('traders.active')}
                unCheckedChildren={t('traders.inactive')}
                data-testid="trader-active"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="keyValue"
              label={t('traders.fields.keyValue')}
              rules={[rule('keyValue')]}
              required={!editing}
              extra={keepHint}
            >
              <Input
                autoComplete="off"
                spellCheck={false}
                placeholder={editing ? editing.keyValue : undefined}
                style={{ fontFamily: 'monospace' }}
                data-testid="trader-key"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="secretValue"
              label={t('traders.fields.secretValue')}
              rules={[rule('secretValue')]}
              required={!editing}
              extra={keepHint}
            >
              <Input.Password
                autoComplete="new-password"
                spellCheck={false}
                placeholder={editing ? editing.secretValue : undefined}
                style={{ fontFamily: 'monospace' }}
                data-testid="trader-secret"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="coEfficient"
              label={t('traders.fields.coEfficient')}
              rules={[rule('coEfficient')]}
              required
              extra={t('traders.form.ratioHint')}
            >
              <InputNumber step={0.1} style={{ width: '100%' }} data-testid="trader-currency-ratio" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="leverageCoefficient"
              label={t('traders.fields.leverageCoefficient')}
              rules={[rule('leverageCoefficient')]}
              required
              extra={t('traders.form.ratioHint')}
            >
              <InputNumber step={0.1} style={{ width: '100%' }} data-testid="trader-leverage-ratio" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Drawer>
  );
}
