import { Alert, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { MembershipReminder, ReminderMailState } from '#shared/schemas/membership.ts';
import { QueryError } from '../../components/query-error.tsx';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useMembershipReminders } from './admin-users-api.ts';

const MAIL_COLORS: Record<ReminderMailState, string> = {
  queued: 'processing',
  retrying: 'warning',
  sent: 'success',
  failed: 'error',
  none: 'default',
  unknown: 'default',
};

const THRESHOLD_COLORS = { 7: 'gold', 1: 'volcano', 0: 'default' } as const;

/** The user detail's reminders tab: each reminder (threshold, the expiry it was for, when), its mail and notice. */
export function MembershipRemindersTab({ userId }: { userId: string }) {
  const { t } = useTranslation('adminUsers');
  const { t: tCommon } = useTranslation();
  const reminders = useMembershipReminders(userId);

  const columns: TableColumnsType<MembershipReminder> = [
    {
      key: 'threshold',
      title: t('reminders.threshold'),
      dataIndex: 'thresholdDays',
      render: (days: MembershipReminder['thresholdDays']) => (
        <Tag color={THRESHOLD_COLORS[days]} variant="outlined" data-testid="reminder-threshold">
          {t(`reminders.threshold${days}`)}
        </Tag>
      ),
    },
    {
      key: 'expiry',
      title: t('reminders.expiry'),
      dataIndex: 'expiryDate',
      render: (iso: string) => <span data-testid="reminder-expiry">{formatDateTime(iso)}</span>,
    },
    { key: 'at', title: t('reminders.at'), dataIndex: 'at', render: (iso: string) => formatDateTime(iso) },
    {
      key: 'mail',
      title: t('reminders.mail'),
      render: (_, row) => {
        const tag = (
          <Tag color={MAIL_COLORS[row.mail.state]} data-testid="reminder-mail-state">
            {t(`reminders.mailStates.${row.mail.state}`)}
          </Tag>
        );
        return (
          <Flex vertical gap={2} align="start">
            {row.mail.error ? <Tooltip title={row.mail.error}>{tag}</Tooltip> : tag}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[
                row.mail.at ? formatDateTime(row.mail.at) : null,
                row.mail.attempts > 1 ? t('reminders.mailAttempts', { count: row.mail.attempts }) : null,
                row.locale
                  ? t('reminders.locale', { language: tCommon(`header.languageNames.${row.locale}`) })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          </Flex>
        );
      },
    },
    {
      key: 'notice',
      title: t('reminders.notice'),
      dataIndex: 'dismissedAt',
      render: (iso: string | null) => (
        <span data-testid="reminder-notice">
          {iso ? t('reminders.dismissedAt', { time: formatDateTime(iso) }) : t('reminders.notDismissed')}
        </span>
      ),
    },
  ];

  return (
    <div data-testid="membership-reminders-tab">
      <Alert type="info" showIcon title={t('reminders.intro')} style={{ marginBottom: 16 }} />
      {reminders.isError ? (
        <QueryError onRetry={() => void reminders.refetch()} />
      ) : (
        <Table<MembershipReminder>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={reminders.data ?? []}
          loading={reminders.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('reminders.empty') }}
          data-testid="membership-reminders"
        />
      )}
    </div>
  );
}
