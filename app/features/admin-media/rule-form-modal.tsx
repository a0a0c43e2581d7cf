import { Button, Flex, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { addMediaKeywordRuleRequest, MEDIA_LIMITS, type MediaKeywordRule } from '#shared/schemas/media.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { RULE_FIELDS, useAddRule, useUpdateRule } from './media-admin-api.ts';

interface RuleValues {
  keyword: string;
  tag: string;
  important: boolean;
}

const rule = (field: string) => zodRule(addMediaKeywordRuleRequest, field);

const valuesOf = (editing: MediaKeywordRule | null): RuleValues =>
  editing
    ? { keyword: editing.keyword, tag: editing.tag, important: editing.important }
    : { keyword: '', tag: '', important: false };

/** The dialog's state: adding, or editing a rule. */
export type RuleDialog = { mode: 'add' } | { mode: 'edit'; rule: MediaKeywordRule };

function RuleForm({ editing, onClose }: { editing: MediaKeywordRule | null; onClose: () => void }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('mediaAdmin');
  const { message } = useFeedback();
  const [form] = Form.useForm<RuleValues>();
  useRevalidateOnLanguageChange(form);
  const add = useAddRule();
  const update = useUpdateRule();

  const submit = async () => {
    const body = addMediaKeywordRuleRequest.parse(form.getFieldsValue(true));
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, ...body });
        void message.success(t('rules.saved', { keyword: body.keyword }));
      } else {
        await add.mutateAsync(body);
        void message.success(t('rules.added', { keyword: body.keyword }));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, RULE_FIELDS);
    }
  };

  return (
    <Form<RuleValues>
      form={form}
      {...formLayout}
      initialValues={valuesOf(editing)}
      onFinish={() => void submit()}
      style={{ marginTop: 16 }}
      data-testid="rule-form"
    >
      <Form.Item name="keyword" label={t('rules.fields.keyword')} rules={[rule('keyword')]} required>
        <Input
          maxLength={MEDIA_LIMITS.keyword}
          placeholder={t('rules.form.keywordPlaceholder')}
          data-testid="rule-keyword"
        />
      </Form.Item>
      <Form.Item name="tag" label={t('rules.fields.tag')} rules={[rule('tag')]} required>
        <Input
          maxLength={MEDIA_LIMITS.tag}
          placeholder={t('rules.form.tagPlaceholder')}
          style={{ maxWidth: 240 }}
          data-testid="rule-tag"
        />
      </Form.Item>
      <Form.Item
        name="important"
        label={t('rules.fields.important')}
        valuePropName="checked"
        extra={t('rules.form.importantHint')}
      >
        <Switch data-testid="rule-important" />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || update.isPending}
          data-testid="rule-submit"
        >
          {editing ? t('common.save') : t('rules.form.submitAdd')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Adds or edits a keyword rule. */
export function RuleFormModal({ dialog, onClose }: { dialog: RuleDialog | null; onClose: () => void }) {
  const { t } = useTranslation('mediaAdmin');
  // Keep the last dialog while the modal closes; each opening gets a fresh form (its own key).
  const [shown, setShown] = useState<{ dialog: RuleDialog; key: number } | null>(null);
  if (dialog && dialog !== shown?.dialog) setShown({ dialog, key: (shown?.key ?? 0) + 1 });
  const current = dialog ?? shown?.dialog ?? null;
  const editing = current?.mode === 'edit' ? current.rule : null;
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('rules.editTitle') : t('rules.addTitle')}
      onCancel={onClose}
      footer={null}
      width={600}
      destroyOnHidden
    >
      {current && shown ? <RuleForm key={shown.key} editing={editing} onClose={onClose} /> : null}
    </Modal>
  );
}
