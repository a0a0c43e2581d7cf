import { Button, Flex, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import {
  MEDIA_LANGUAGES,
  MEDIA_POLL_INTERVAL,
  MEDIA_SOURCE_KINDS,
  type MediaLanguage,
  type MediaSourceKind,
} from '#shared/media.ts';
import { addMediaSourceRequest, MEDIA_LIMITS, type MediaSource } from '#shared/schemas/media.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SOURCE_FIELDS, useAddSource, useUpdateSource } from './media-admin-api.ts';

interface SourceValues {
  url: string;
  title: string;
  kind: MediaSourceKind | undefined;
  language: MediaLanguage;
  pollIntervalSeconds: number | null;
  enabled: boolean;
}

// Checked with the server's own request schema, so the form refuses what it would, with its messages.
const rule = (field: string) => zodRule(addMediaSourceRequest, field);

function valuesOf(source: MediaSource | null): SourceValues {
  if (!source)
    return {
      url: '',
      title: '',
      kind: undefined,
      language: currentLocale(),
      pollIntervalSeconds: MEDIA_POLL_INTERVAL.default,
      enabled: true,
    };
  const { url, title, kind, language, pollIntervalSeconds, enabled } = source;
  return { url, title, kind, language, pollIntervalSeconds, enabled };
}

/** The dialog's state: closed, adding, or editing a source. */
export type SourceDialog = { mode: 'add' } | { mode: 'edit'; source: MediaSource };

function SourceForm({ source, onClose }: { source: MediaSource | null; onClose: () => void }) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('mediaAdmin');
  const { t: tMedia } = useTranslation('media');
  const { message } = useFeedback();
  const [form] = Form.useForm<SourceValues>();
  useRevalidateOnLanguageChange(form);
  const add = useAddSource();
  const update = useUpdateSource();

  const submit = async () => {
    const body = addMediaSourceRequest.parse(form.getFieldsValue(true));
    try {
      if (source) {
        const { enabled: _enabled, ...fields } = body;
        await update.mutateAsync({ id: source.id, ...fields });
        void message.success(t('sources.saved'));
      } else {
        await add.mutateAsync(body);
        void message.success(t('sources.added'));
      }
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, SOURCE_FIELDS);
    }
  };

  return (
    <Form<SourceValues>
      form={form}
      {...formLayout}
      initialValues={valuesOf(source)}
      onFinish={() => void submit()}
      style={{ marginTop: 16 }}
      data-testid="source-form"
    >
      <Form.Item
        name="url"
        label={t('sources.fields.url')}
        rules={[rule('url')]}
        required
        extra={t('sources.form.urlHint')}
      >
        <Input
          type="url"
          maxLength={MEDIA_LIMITS.url}
          placeholder={t('sources.form.urlPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          data-testid="source-url"
        />
      </Form.Item>
      <Form.Item name="title" label={t('sources.fields.title')} rules={[rule('title')]}>
        <Input
          maxLength={MEDIA_LIMITS.title}
          placeholder={t('sources.form.titlePlaceholder')}
          data-testid="source-title"
        />
      </Form.Item>
      <Form.Item name="kind" label={t('sources.fields.kind')} rules={[rule('kind')]} required>
        <Select
          options={MEDIA_SOURCE_KINDS.map((kind) => ({ value: kind, label: tMedia(`kinds.${kind}`) }))}
          placeholder={t('sources.form.kindPlaceholder')}
          style={{ maxWidth: 240 }}
          data-testid="source-kind"
        />
      </Form.Item>
      <Form.Item name="language" label={t('sources.fields.language')} rules={[rule('language')]} required>
        <Select
          options={MEDIA_LANGUAGES.map((language) => ({
            value: language,
            label: tMedia(`languages.${language}`),
          }))}
          style={{ maxWidth: 240 }}
          data-testid="source-language"
        />
      </Form.Item>
      <Form.Item
        name="pollIntervalSeconds"
        label={t('sources.fields.interval')}
        rules={[rule('pollIntervalSeconds')]}
        required
        extra={t('sources.form.intervalHint', { min: MEDIA_POLL_INTERVAL.min, max: MEDIA_POLL_INTERVAL.max })}
      >
        <InputNumber<number>
          min={MEDIA_POLL_INTERVAL.min}
          max={MEDIA_POLL_INTERVAL.max}
          step={60}
          precision={0}
          suffix={t('sources.form.seconds')}
          style={{ width: 200 }}
          data-testid="source-interval"
        />
      </Form.Item>
      {!source && (
        <Form.Item
          name="enabled"
          label={t('sources.fields.enabled')}
          valuePropName="checked"
          extra={t('sources.form.enabledHint')}
        >
          <Switch data-testid="source-enabled" />
        </Form.Item>
      )}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          htmlType="submit"
          loading={add.isPending || update.isPending}
          data-testid="source-submit"
        >
          {source ? t('common.save') : t('sources.form.submitAdd')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Adds or edits a source (enabling is the table's switch once it exists). */
export function SourceFormModal({ dialog, onClose }: { dialog: SourceDialog | null; onClose: () => void }) {
  const { t } = useTranslation('mediaAdmin');
  // Keep the last dialog while the modal closes; each opening gets a fresh form (its own key).
  const [shown, setShown] = useState<{ dialog: SourceDialog; key: number } | null>(null);
  if (dialog && dialog !== shown?.dialog) setShown({ dialog, key: (shown?.key ?? 0) + 1 });
  const current = dialog ?? shown?.dialog ?? null;
  const editing = current?.mode === 'edit' ? current.source : null;
  return (
    <Modal
      open={dialog !== null}
      title={editing ? t('sources.editTitle') : t('sources.addTitle')}
      onCancel={onClose}
      footer={null}
      width={680}
      destroyOnHidden
    >
      {current && shown ? <SourceForm key={shown.key} source={editing} onClose={onClose} /> : null}
    </Modal>
  );
}
