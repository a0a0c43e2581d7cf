import { Badge } from 'antd';
import { Text } from '../../components/prose.tsx';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** Whether this tab's hub connection is up: what keeps the trading pages live. */
export function LiveBadge() {
  const { t } = useTranslation('advisories');
  const status = useHubStatus();
  const live = status === 'connected';
  return (
    <span data-testid="hub-status" data-status={status}>
      <Badge
        status={live ? 'success' : 'warning'}
        text={<Text secondary>{live ? t('hub.live') : t('hub.connecting')}</Text>}
      />
    </span>
  );
}
