import { EditOutlined, FireFilled, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Grid, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { MediaKeywordRule } from '#shared/schemas/media.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useDeleteRule, useKeywordRules } from './media-admin-api.ts';
import { type RuleDialog, RuleFormModal } from './rule-form-modal.tsx';

const { Text } = Typography;

function ImportantTag() {
  const { t } = useTranslation('mediaAdmin');
  return (
    <Tag color="red" icon={<FireFilled />} style={{ marginInlineEnd: 0 }} data-testid="rule-row-important">
      {t('rules.importantYes')}
    </Tag>
  );
}

/** The keyword rules (keyword → tag, maybe important), to add, edit or delete. */
export function RulesTab() {
  const { t } = useTranslation('mediaAdmin');
  const phone = Grid.useBreakpoint().sm === false;
  const rules = useKeywordRules();
  const remove = useDeleteRule();
  const [dialog, setDialog] = useState<RuleDialog | null>(null);

  const columns: TableColumnsType<MediaKeywordRule> = [
    {
      key: 'keyword',
      title: t('rules.fields.keyword'),
      render: (_, rule) => (
        <Flex vertical gap={2} align="flex-start">
          <Text strong style={{ overflowWrap: 'break-word' }} data-testid="rule-row-keyword">
            {rule.keyword}
          </Text>
          {/* A phone has no "important" column. */}
          {phone && rule.important && <ImportantTag />}
        </Flex>
      ),
    },
    {
      key: 'tag',
      title: t('rules.fields.tag'),
      render: (_, rule) => (
        <Tag color="geekblue" style={{ marginInlineEnd: 0 }} data-testid="rule-row-tag">
          #{rule.tag}
        </Tag>
      ),
    },
    {
      key: 'important',
      title: t('rules.fields.important'),
      responsive: ['sm'],
      render: (_, rule) => (rule.important ? <ImportantTag /> : <Text type="secondary">—</Text>),
    },
    {
      key: 'createdAt',
      title: t('rules.fields.createdAt'),
      responsive: ['sm'],
      render: (_, rule) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(rule.createdAt)}</span>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (_, rule) => (
        <Space size={0} orientation={phone ? 'vertical' : 'horizontal'} align="start">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setDialog({ mode: 'edit', rule })}
            data-testid="rule-edit"
          >
            {t('common.edit')}
          </Button>
          <ConfirmDeleteButton
            title={t('rules.deleteConfirm', { keyword: rule.keyword })}
            description={t('rules.deleteHint')}
            deleteText={t('common.delete')}
            cancelText={t('common.cancel')}
            deletedText={t('rules.deleted', { keyword: rule.keyword })}
            pending={remove.isPending}
            remove={() => remove.mutateAsync(rule.id)}
            testId="rule-delete"
          />
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="media-rules">
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <Text type="secondary" style={{ flex: '1 1 320px' }}>
          {t('rules.intro')}
        </Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ mode: 'add' })}
          data-testid="rule-add"
        >
          {t('rules.add')}
        </Button>
      </Flex>
      {rules.isError && !rules.data ? (
        <QueryError onRetry={() => void rules.refetch()} />
      ) : (
        <Table<MediaKeywordRule>
          rowKey="id"
          columns={columns}
          dataSource={rules.data ?? []}
          loading={rules.isPending}
          size={phone ? 'small' : 'middle'}
          locale={{ emptyText: t('rules.empty') }}
          pagination={{
            defaultPageSize: ADMIN_PAGE_SIZE,
            showTotal: (total) => t('rules.total', { count: total }),
            size: phone ? 'small' : undefined,
          }}
          data-testid="rule-table"
        />
      )}
      <RuleFormModal dialog={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}
