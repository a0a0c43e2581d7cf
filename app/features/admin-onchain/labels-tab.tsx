import { EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Input, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { OnchainLabel } from '#shared/schemas/onchain.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { LabelKindTag } from '../../domains/onchain/label-kind-tag.tsx';
import { shortAddress } from '../../domains/onchain/onchain-format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type LabelDialog, LabelFormModal } from './label-form-modal.tsx';
import { useDeleteLabel, useLabels } from './onchain-admin-api.ts';

const { Text } = Typography;
const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
} as const;

/** The address labels (address → owner and kind), searched here, to add, edit or delete. */
export function LabelsTab() {
  const { t } = useTranslation('onchainAdmin');
  const { t: tOnchain } = useTranslation('onchain');
  const phone = Grid.useBreakpoint().sm === false;
  const labels = useLabels();
  const remove = useDeleteLabel();
  const [dialog, setDialog] = useState<LabelDialog | null>(null);
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () =>
      (labels.data ?? []).filter(
        (label) =>
          !query ||
          label.address.includes(query) ||
          label.name.toLowerCase().includes(query) ||
          tOnchain(`kinds.${label.kind}`).toLowerCase().includes(query),
      ),
    [labels.data, query, tOnchain],
  );

  const columns: TableColumnsType<OnchainLabel> = [
    {
      key: 'name',
      title: t('labels.fields.name'),
      render: (_, label) => (
        <Flex gap={6} wrap align="center">
          <Text strong style={{ overflowWrap: 'anywhere' }} data-testid="label-row-name">
            {label.name}
          </Text>
          <LabelKindTag kind={label.kind} testId="label-row-kind" />
        </Flex>
      ),
    },
    {
      key: 'address',
      title: t('labels.fields.address'),
      render: (_, label) => (
        <Text
          copyable={{ text: label.address }}
          style={{ ...MONO, whiteSpace: 'nowrap' }}
          data-testid="label-row-address"
        >
          {phone ? shortAddress(label.address) : label.address}
        </Text>
      ),
    },
    {
      key: 'updatedAt',
      title: t('labels.fields.updatedAt'),
      responsive: ['md'],
      render: (_, label) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(label.updatedAt)}</span>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, label) => (
        <Space size={0} orientation={phone ? 'vertical' : 'horizontal'} align="start">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ mode: 'edit', label })}
            data-testid="label-edit"
          >
            {t('common.edit')}
          </Button>
          <ConfirmDeleteButton
            title={t('labels.deleteConfirm', { name: label.name })}
            description={t('labels.deleteHint')}
            deleteText={t('common.delete')}
            cancelText={t('common.cancel')}
            deletedText={t('labels.deleted', { name: label.name })}
            pending={remove.isPending}
            remove={() => remove.mutateAsync(label.id)}
            testId="label-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="onchain-labels">
      <Text type="secondary">{t('labels.intro')}</Text>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Input
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          prefix={<SearchOutlined />}
          placeholder={t('labels.search')}
          aria-label={t('labels.search')}
          style={{ width: phone ? '100%' : 300 }}
          data-testid="label-search"
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ mode: 'add' })}
          data-testid="label-add"
        >
          {t('labels.add')}
        </Button>
      </Flex>
      {labels.isError && !labels.data ? (
        <QueryError onRetry={() => void labels.refetch()} />
      ) : (
        <Table<OnchainLabel>
          rowKey="id"
          columns={columns}
          dataSource={shown}
          loading={labels.isPending}
          size={phone ? 'small' : 'middle'}
          locale={{ emptyText: t('labels.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            hideOnSinglePage: true,
            size: phone ? 'small' : undefined,
          }}
          footer={() => (
            <Text type="secondary" style={{ fontSize: 12 }}>
              {t('labels.total', { count: labels.data?.length ?? 0 })}
            </Text>
          )}
          data-testid="label-table"
        />
      )}
      <LabelFormModal dialog={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}
