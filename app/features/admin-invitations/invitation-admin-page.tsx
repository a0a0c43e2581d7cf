import { Divider, Skeleton, Typography } from 'antd';
import { QueryError } from '../../components/query-error.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useInvitationSettings } from './invitation-admin-api.ts';
import { InvitationSettingsForm } from './invitation-settings-form.tsx';
import { RewardsTable } from './rewards-table.tsx';

const { Title, Paragraph } = Typography;

/** /admin/operation/invitation: the reward of an invitee's first membership, and the rewards granted. */
export function InvitationAdminPage() {
  const { t } = useTranslation('invitationAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const settings = useInvitationSettings();

  return (
    <div data-testid="invitation-admin-page">
      <title>{`${t('title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Title>
      <Paragraph type="secondary">{t('intro')}</Paragraph>
      <Title level={5}>{t('settings.title')}</Title>
      {settings.isError ? (
        <QueryError onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <InvitationSettingsForm key={settings.dataUpdatedAt} settings={settings.data} />
      )}
      <Divider />
      <Title level={5}>{t('rewards.title')}</Title>
      <RewardsTable />
    </div>
  );
}
