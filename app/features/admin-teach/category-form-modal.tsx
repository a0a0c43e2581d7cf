import type { FormRule } from 'antd';
import { Button, Flex, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useState } from 'react';
import { message as sharedMessage } from '#shared/messages.ts';
import { type ClassificationNode, editClassificationRequest } from '#shared/schemas/teaching.ts';
import { CategoryCascader } from '../../domains/teaching/category-cascader.tsx';
import { CATEGORY_FIELDS, useEditCategory } from '../../domains/teaching/teaching-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useOperationToasts } from './operation-toasts.ts';

export type CategoryDialog =
  | { mode: 'add'; parentPath: number[] }
  | { mode: 'edit'; node: ClassificationNode };

interface CategoryValues {
  label: string;
  sort: number | null;
  show: 0 | 1;
  pids: number[];
}

/** Spec §5: '排序为必填项' when the sort is missing (the shared schema would read an empty number as 0). */
const sortRequired: FormRule = {
  validator: async (_, value: number | null | undefined) => {
    if (value === null || value === undefined || !Number.isInteger(value)) {
      throw new Error(sharedMessage('categorySortRequired', currentLocale()));
    }
  },
};

/** Values of the form for a dialog: a new type under a parent (show 0 by default), or an existing type. */
export function categoryFormValues(dialog: CategoryDialog): CategoryValues {
  if (dialog.mode === 'add') return { label: '', sort: 0, show: 0, pids: dialog.parentPath };
  return { label: dialog.node.label, sort: dialog.node.sort, show: dialog.node.show, pids: dialog.node.pids };
}

/** Adds or edits a category: name, sort, show (0/1) and an optional parent path (spec §5 category form). */
export function CategoryFormModal({
  dialog,
  tree,
  onClose,
}: {
  dialog: CategoryDialog | null;
  tree: readonly ClassificationNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation('teach');
  // Keep showing the last dialog while the modal closes; each opening gets a fresh form (its own key).
  const [shown, setShown] = useState<{ dialog: CategoryDialog; key: number } | null>(null);
  if (dialog && dialog !== shown?.dialog) setShown({ dialog, key: (shown?.key ?? 0) + 1 });
  const current = dialog ?? shown?.dialog ?? null;

  return (
    <Modal
      open={dialog !== null}
      title={current?.mode === 'edit' ? t('types.edit') : t('types.add')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {current && shown ? (
        <CategoryForm key={shown.key} dialog={current} tree={tree} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function CategoryForm({
  dialog,
  tree,
  onClose,
}: {
  dialog: CategoryDialog;
  tree: readonly ClassificationNode[];
  onClose: () => void;
}) {
  const formLayout = useFormLayout();
  const { t } = useTranslation('teach');
  const [form] = Form.useForm<CategoryValues>();
  useRevalidateOnLanguageChange(form);
  const edit = useEditCategory();
  const toasts = useOperationToasts();
  const editingId = dialog.mode === 'edit' ? dialog.node.id : null;

  const submit = async (values: CategoryValues) => {
    try {
      await edit.mutateAsync({
        ...(editingId !== null ? { id: editingId } : {}),
        label: values.label.trim(),
        sort: values.sort ?? 0,
        show: values.show,
        pids: values.pids ?? [],
      });
      toasts.succeeded();
      onClose();
    } catch (error) {
      if (error instanceof ApiError) applyFieldErrors(form, error.fieldErrors, CATEGORY_FIELDS);
      toasts.failed(error);
    }
  };

  return (
    <Form<CategoryValues>
      form={form}
      {...formLayout}
      initialValues={categoryFormValues(dialog)}
      onFinish={(values) => void submit(values)}
      data-testid="type-form"
      style={{ marginTop: 16 }}
    >
      <Form.Item name="label" label={t('types.label')} rules={[zodRule(editClassificationRequest, 'label')]}>
        <Input maxLength={50} placeholder={t('types.labelPlaceholder')} data-testid="type-label-input" />
      </Form.Item>
      <Form.Item name="sort" label={t('types.sort')} extra={t('types.sortHint')} rules={[sortRequired]}>
        <InputNumber<number>
          precision={0}
          min={-100000}
          max={100000}
          style={{ width: 160 }}
          data-testid="type-sort-input"
        />
      </Form.Item>
      <Form.Item
        name="show"
        label={t('types.show')}
        extra={t('types.showHint')}
        getValueProps={(value: 0 | 1) => ({ checked: value === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch data-testid="type-show-input" />
      </Form.Item>
      <Form.Item name="pids" label={t('types.parent')}>
        <CategoryCascader
          tree={tree}
          exclude={editingId}
          placeholder={t('types.parentPlaceholder')}
          testId="type-parent-input"
        />
      </Form.Item>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onClose}>{t('types.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={edit.isPending} data-testid="type-save">
          {t('types.save')}
        </Button>
      </Flex>
    </Form>
  );
}
