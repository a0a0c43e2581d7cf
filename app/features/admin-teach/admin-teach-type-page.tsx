import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  ShrinkOutlined,
} from '@ant-design/icons';
import { Button, Flex, InputNumber, Popconfirm, Switch, Table, type TableProps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { message as sharedMessage } from '#shared/messages.ts';
import type { ClassificationNode, EditClassificationRequest } from '#shared/schemas/teaching.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { type CategoryRow, parentIds, toTableRows } from '../../domains/teaching/category-paths.ts';
import { useCategoryTree, useDeleteCategory, useEditCategory } from '../../domains/teaching/teaching-api.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type CategoryDialog, CategoryFormModal } from './category-form-modal.tsx';
import { useOperationToasts } from './operation-toasts.ts';

const { Title } = Typography;

/** The whole record the Edit call needs, from a row, with some fields changed. */
function editBody(row: CategoryRow, changes: Partial<EditClassificationRequest>): EditClassificationRequest {
  return { id: row.id, label: row.label, sort: row.sort, show: row.show, pids: row.pids, ...changes };
}

/** /admin/content/teach/type: the category tree; show switches and sort save at once (spec §4). */
export function AdminTeachTypePage() {
  const { t } = useTranslation('teach');
  const { t: tAdmin } = useTranslation('admin');
  const tree = useCategoryTree();
  const edit = useEditCategory();
  const remove = useDeleteCategory();
  const toasts = useOperationToasts();
  const [dialog, setDialog] = useState<CategoryDialog | null>(null);
  const [expanded, setExpanded] = useState<readonly number[] | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  const rows = toTableRows(tree.data ?? []);
  const allParents = parentIds(tree.data ?? []);
  // Until the admin folds something, the whole tree is open.
  const expandedKeys = expanded ?? allParents;

  const save = async (row: CategoryRow, changes: Partial<EditClassificationRequest>) => {
    setSaving(row.id);
    try {
      await edit.mutateAsync(editBody(row, changes));
      toasts.succeeded();
    } catch (error) {
      toasts.failed(error);
    } finally {
      setSaving(null);
    }
  };

  const removeCategory = async (row: CategoryRow) => {
    try {
      await remove.mutateAsync(row.id);
      toasts.succeeded();
    } catch (error) {
      toasts.failed(error);
    }
  };

  const columns: TableProps<CategoryRow>['columns'] = [
    {
      key: 'label',
      title: t('types.label'),
      dataIndex: 'label',
      render: (label: string) => <span data-testid="type-label">{label}</span>,
    },
    {
      key: 'sort',
      title: t('types.sort'),
      width: 140,
      render: (_, row) => (
        <SortCell row={row} disabled={saving === row.id} onSave={(sort) => void save(row, { sort })} />
      ),
    },
    {
      key: 'show',
      title: t('types.show'),
      width: 100,
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.show === 1}
          loading={saving === row.id}
          aria-label={`${t('types.show')} ${row.label}`}
          onChange={(checked) => void save(row, { show: checked ? 1 : 0 })}
          data-testid="type-show"
        />
      ),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 280,
      render: (_, row) => (
        <Flex wrap={false}>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: 'add', parentPath: [...row.pids, row.id] })}
            data-testid="type-add-child"
          >
            {t('types.addChild')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ mode: 'edit', node: row as ClassificationNode })}
            data-testid="type-edit"
          >
            {t('admin.edit')}
          </Button>
          <Popconfirm
            title={t('types.deleteConfirm', { label: row.label })}
            okText={t('admin.confirm')}
            cancelText={t('admin.cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() => removeCategory(row)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="type-delete">
              {t('types.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <div data-testid="admin-teach-types">
      <title>{`${t('types.title')} · ${tAdmin('title')}`}</title>
      <LinkButton
        type="link"
        to="/admin/content/teach"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
      >
        {t('types.back')}
      </LinkButton>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ margin: '4px 0 16px' }}>
        <Title level={4} style={{ margin: 0 }}>
          {t('types.title')}
        </Title>
        <Flex gap={8} wrap>
          <Button
            icon={expandedKeys.length ? <ShrinkOutlined /> : <NodeExpandOutlined />}
            onClick={() => setExpanded(expandedKeys.length ? [] : allParents)}
            disabled={allParents.length === 0}
          >
            {expandedKeys.length ? t('types.collapseAll') : t('types.expandAll')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ mode: 'add', parentPath: [] })}
            data-testid="type-add"
          >
            {t('types.add')}
          </Button>
        </Flex>
      </Flex>
      {tree.isError && !tree.data ? (
        <QueryError onRetry={() => void tree.refetch()} />
      ) : (
        <Table<CategoryRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={tree.isPending}
          pagination={false}
          scroll={{ x: 720 }}
          expandable={{
            expandedRowKeys: [...expandedKeys],
            onExpandedRowsChange: (keys) => setExpanded(keys.map(Number)),
          }}
          locale={{ emptyText: t('types.empty') }}
          data-testid="type-table"
        />
      )}
      <CategoryFormModal dialog={dialog} tree={tree.data ?? []} onClose={() => setDialog(null)} />
    </div>
  );
}

/** The sort number, edited in place; saved on blur or Enter when it changed (spec §4). */
function SortCell({
  row,
  disabled,
  onSave,
}: {
  row: CategoryRow;
  disabled: boolean;
  onSave: (sort: number) => void;
}) {
  const { t } = useTranslation('teach');
  const toasts = useOperationToasts();
  const [value, setValue] = useState<number | null>(row.sort);
  useEffect(() => setValue(row.sort), [row.sort]);

  const commit = () => {
    if (value === row.sort) return;
    if (value === null || !Number.isInteger(value)) {
      toasts.failed(undefined, [sharedMessage('categorySortRequired', currentLocale())]);
      setValue(row.sort);
      return;
    }
    onSave(value);
  };

  return (
    <InputNumber<number>
      value={value}
      onChange={setValue}
      precision={0}
      min={-100000}
      max={100000}
      size="small"
      style={{ width: 96 }}
      aria-label={`${t('types.sort')} ${row.label}`}
      disabled={disabled}
      onBlur={commit}
      onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
      data-testid="type-sort"
    />
  );
}
