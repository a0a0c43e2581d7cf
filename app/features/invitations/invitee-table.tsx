import { Flex, Table, type TableColumnsType, Tag } from 'antd';
import type { Invitee, InviteePage } from '#shared/schemas/invitations.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { INVITEES_PAGE_SIZE } from './invitations-api.ts';

function MemberStatus({ invitee }: { invitee: Invitee }) {
  const { t } = useTranslation('invitation');
  const status = invitee.isMember ? 'member' : invitee.becameMemberAt ? 'formerMember' : 'notMember';
  return (
    <Flex gap={4} wrap data-testid="invitee-status" data-member={String(invitee.isMember)}>
      <Tag
        color={status === 'member' ? 'green' : status === 'formerMember' ? 'gold' : 'default'}
        variant="outlined"
      >
        {t(`invitees.${status}`)}
      </Tag>
      {invitee.confirmed ? null : (
        <Tag color="orange" variant="outlined">
          {t('invitees.unconfirmed')}
        </Tag>
      )}
    </Flex>
  );
}

function RewardCell({ invitee }: { invitee: Invitee }) {
  const { t } = useTranslation('invitation');
  const reward = invitee.reward;
  if (!reward) return <span data-testid="invitee-reward">—</span>;
  const reversed = reward.reversedAt !== null;
  const parts = [
    ...(reward.credit > 0 ? [t('invitees.rewardCredit', { count: reward.credit })] : []),
    ...(reward.days > 0 ? [t('invitees.rewardDays', { count: reward.days })] : []),
  ];
  return (
    <Flex gap={4} wrap data-testid="invitee-reward" data-reversed={String(reversed)}>
      {parts.length === 0 ? (
        <span>{t('invitees.rewardNone')}</span>
      ) : (
        parts.map((part) => (
          <Tag key={part} color={reversed ? 'default' : 'blue'} variant="outlined">
            <span style={reversed ? { textDecoration: 'line-through' } : undefined}>{part}</span>
          </Tag>
        ))
      )}
      {reversed ? (
        <Tag color="volcano" variant="outlined">
          {t('invitees.rewardReversed')}
        </Tag>
      ) : null}
    </Flex>
  );
}

/** The people the person invited (e-mail masked), newest first, with their membership and reward. */
export function InviteeTable({
  page,
  data,
  loading,
  onPage,
}: {
  page: number;
  data: InviteePage | undefined;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('invitation');
  const columns: TableColumnsType<Invitee> = [
    { key: 'email', title: t('invitees.email'), dataIndex: 'email' },
    {
      key: 'joinedAt',
      title: t('invitees.joinedAt'),
      dataIndex: 'joinedAt',
      render: (at: string) => dayjs(at).format('LL'),
    },
    {
      key: 'status',
      title: t('invitees.status'),
      render: (_, invitee) => <MemberStatus invitee={invitee} />,
    },
    { key: 'reward', title: t('invitees.reward'), render: (_, invitee) => <RewardCell invitee={invitee} /> },
  ];
  return (
    <Table<Invitee>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={data?.records ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('invitees.empty') }}
      onRow={(invitee) => ({ 'data-testid': 'invitee-row', 'data-email': invitee.email }) as object}
      pagination={{
        current: page,
        pageSize: INVITEES_PAGE_SIZE,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => t('invitees.total', { count: total }),
        onChange: onPage,
      }}
      data-testid="invitee-table"
    />
  );
}
