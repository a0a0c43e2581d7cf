import { theme } from 'antd';
import { Text } from '../../components/prose.tsx';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * Whether this tab's hub connection is up: what keeps the trading pages live. A status dot and its words,
 * drawn as antd's status Badge draws them (its 6 px dot in the success or warning colour), without the
 * Badge and its counters, which the strategy feed, a member's first page, would download for one dot.
 */
export function LiveBadge() {
  const { t } = useTranslation('live');
  const { token } = theme.useToken();
  const status = useHubStatus();
  const live = status === 'connected';
  return (
    <span
      data-testid="hub-status"
      data-status={status}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 8, lineHeight: 1 }}
    >
      <span
        aria-hidden="true"
        style={{
          width: 6,
          height: 6,
          borderRadius: '50%',
          background: live ? token.colorSuccess : token.colorWarning,
        }}
      />
      <Text secondary>{live ? t('hub.live') : t('hub.connecting')}</Text>
    </span>
  );
}
