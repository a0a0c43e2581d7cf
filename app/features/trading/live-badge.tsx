import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';

/** Whether this tab's hub connection is up: what keeps the trading pages live. */
export function LiveBadge() {
  const { t } = useTranslation('advisories');
  const status = useHubStatus();
  const live = status === 'connected';
  return (
    <span data-testid="hub-status" data-status={status}>
      <Badge
        status={live ? 'success' : 'warning'}
        text={
          <Typography.Text type="secondary">{live ? t('hub.live') : t('hub.connecting')}</Typography.Text>
        }
      />
    </span>
  );
}
