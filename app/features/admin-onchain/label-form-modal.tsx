import { Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ONCHAIN_LABEL_KINDS, type OnchainLabelKind } from '#shared/onchain.ts';
import { addOnchainLabelRequest, ONCHAIN_LIMITS, type OnchainLabel } from '#shared/schemas/onchain.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { LABEL_FIELDS, useAddLabel, useUpdateLabel } from './onchain-admin-api.ts';

interface LabelValues {
  address: string;
  name: string;
  kind: OnchainLabelKind | undefined;
}

// Checked with the server's own request schema, so the form refuses what it would, with its messages.
const rule = (field: string) => zodRule(addOnchainLabelRequest, field);

function LabelForm({ label, onClose }: { label: OnchainLabel | null; onClose: () => void }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const { message } = useFeedback();
  const [form] = Form.useForm<LabelValues>();
  useRevalidateOnLanguageChange(form);
  const add = useAddLabel();
  const update = useUpdateLabel();

  const submit = async () => {
    const body = addOnchainLabelRequest.parse(form.getFieldsValue(true));
    try {
      if (label) {
        await update.mutateAsync({ id: label.id, ...body });
        void message.success(t('labels.saved', { name: body.name }));
      } else {
        await add.mutateAsync(body);
        void message.success(t('labels.added', { name: body.name }));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, LABEL_FIELDS);
    }
  };

  return (
    <Form<LabelValues>
      form={form}
      {...formLayout}
      initialValues={
        label
          ? { address: label.address, name: label.name, kind: label.kind }
          : { address: '', name: '', kind: undefined }
      }
      onFinish={() => void submit()}
      style={{ marginTop: 16 }}
      data-testid="label-form"
    >
      <Form.Item name="address" label={t('labels.fields.address')} rules={[rule('address')]} required>
        <Input
          placeholder={t('form.addressPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }}
          data-testid="label-address"
        />
      </Form.Item>
      <Form.Item name="name" label={t('labels.fields.name')} rules={[rule('name')]} required>
        <Input
          maxLength={ONCHAIN_LIMITS.labelName}
          placeholder={t('labels.namePlaceholder')}
          data-testid="label-name"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('labels.fields.kind')} rules={[rule('kind')]} required>
        <Select
          options={ONCHAIN_LABEL_KINDS.map((kind) => ({ value: kind, label: tOnchain(`kinds.${kind}`) }))}
          placeholder={t('labels.kindPlaceholder')}
          style={{ maxWidth: 240 }}
          data-testid="label-kind"
        />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || update.isPending}
          data-testid="label-submit"
        >
          {label ? t('common.save') : t('labels.submitAdd')}
        </Button>
      </Flex>
    </Form>
  );
}

/** The dialog's state: adding a label, or editing one. */
export type LabelDialog = { mode: 'add' } | { mode: 'edit'; label: OnchainLabel };

/** Adds or edits an address label; each opening gets a fresh form. */
export function LabelFormModal({ dialog, onClose }: { dialog: LabelDialog | null; onClose: () => void }) {
  const { t } = useTranslation('onchainAdmin');
  // Keep the last dialog while the modal closes; each opening gets a fresh form (its own key).
  const [shown, setShown] = useState<{ dialog: LabelDialog; key: number } | null>(null);
  if (dialog && dialog !== shown?.dialog) setShown({ dialog, key: (shown?.key ?? 0) + 1 });
  const current = dialog ?? shown?.dialog ?? null;
  const editing = current?.mode === 'edit' ? current.label : null;
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('labels.editTitle') : t('labels.addTitle')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {current && shown ? <LabelForm key={shown.key} label={editing} onClose={onClose} /> : null}
    </Modal>
  );
}
