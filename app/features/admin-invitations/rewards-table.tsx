import { RollbackOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminReward } from '#shared/schemas/invitations.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { REWARDS_PAGE_SIZE, type RewardsParams, useRewards } from './invitation-admin-api.ts';
import { ReverseRewardModal } from './reverse-reward-modal.tsx';
import { rewardLabel } from './reward-label.ts';

const userLink = (user: { userId: string; email: string }) => (
  <Link to={`/admin/account/list/detail?userId=${encodeURIComponent(user.userId)}`}>{user.email}</Link>
);

/** The rewards granted, newest first, searchable by either e-mail, each reversible once. */
export function RewardsTable() {
  const { t } = useTranslation('invitationAdmin');
  const [params, setParams] = useState<RewardsParams>({ current: 1, search: '', status: null });
  const [reversing, setReversing] = useState<AdminReward | null>(null);
  const rewards = useRewards(params);

  const columns: TableColumnsType<AdminReward> = [
    { key: 'inviter', title: t('rewards.inviter'), render: (_, reward) => userLink(reward.inviter) },
    { key: 'invitee', title: t('rewards.invitee'), render: (_, reward) => userLink(reward.invitee) },
    {
      key: 'reward',
      title: t('rewards.reward'),
      render: (_, reward) => (
        <Flex vertical gap={4}>
          <span style={reward.reversedAt ? { textDecoration: 'line-through' } : undefined}>
            {rewardLabel(t, reward)}
          </span>
          {reward.reversedAt ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="reward-reversed">
              {t('rewards.reversedBy', {
                by: reward.reversedBy ?? '—',
                time: formatDateTime(reward.reversedAt),
                reason: reward.reverseReason ?? '',
              })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('rewards.status'),
      render: (_, reward) =>
        reward.reversedAt ? (
          <Tag color="volcano" variant="outlined">
            {t('rewards.reversed')}
          </Tag>
        ) : (
          <Tag color="green" variant="outlined">
            {t('rewards.granted')}
          </Tag>
        ),
    },
    {
      key: 'grantedAt',
      title: t('rewards.grantedAt'),
      render: (_, reward) => formatDateTime(reward.grantedAt),
    },
    { key: 'grantedBy', title: t('rewards.grantedBy'), render: (_, reward) => reward.grantedBy ?? '—' },
    {
      key: 'actions',
      title: t('rewards.actions'),
      render: (_, reward) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<RollbackOutlined />}
          disabled={reward.reversedAt !== null || (reward.credit === 0 && reward.days === 0)}
          onClick={() => setReversing(reward)}
          data-testid="reward-reverse"
        >
          {t('rewards.reverse')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('rewards.search')}
          aria-label={t('rewards.search')}
          style={{ maxWidth: 360 }}
          onSearch={(search) => setParams((p) => ({ ...p, current: 1, search }))}
          data-testid="rewards-search"
        />
        <Segmented<'all' | 'granted' | 'reversed'>
          value={params.status ?? 'all'}
          options={[
            { value: 'all', label: t('rewards.all') },
            { value: 'granted', label: t('rewards.granted') },
            { value: 'reversed', label: t('rewards.reversed') },
          ]}
          onChange={(value) =>
            setParams((p) => ({ ...p, current: 1, status: value === 'all' ? null : value }))
          }
          data-testid="rewards-status"
        />
      </Flex>
      {rewards.isError ? (
        <QueryError onRetry={() => void rewards.refetch()} />
      ) : (
        <Table<AdminReward>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rewards.data?.records ?? []}
          loading={rewards.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('rewards.empty') }}
          onRow={(reward) => ({ 'data-testid': 'reward-row', 'data-reward-id': reward.id }) as object}
          pagination={{
            current: params.current,
            pageSize: REWARDS_PAGE_SIZE,
            total: rewards.data?.total ?? 0,
            showSizeChanger: false,
            showQuickJumper: true,
            showTotal: (total) => t('rewards.total', { count: total }),
            onChange: (current) => setParams((p) => ({ ...p, current })),
          }}
          data-testid="rewards-table"
        />
      )}
      <ReverseRewardModal reward={reversing} onClose={() => setReversing(null)} />
    </>
  );
}
