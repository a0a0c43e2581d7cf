import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useFeedback } from '../../lib/feedback.tsx';
import { type LiveAnnouncement, liveAnnouncements } from '../../lib/hub/hub-live.ts';
import { onTraderLiveChanged } from '../../lib/hub/hub-runtime.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { playReminder } from '../../lib/reminder-sound.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { LiveTrader } from './live-api.ts';
import { useChooseTrader } from './trader-tabs.tsx';
import {
  directionLabel,
  formatAmount,
  formatPrice,
  formatQuantity,
  positionDirection,
} from './trading-format.ts';

/** At most this many notifications for one change (a burst shows the first ones). */
const MAX_NOTIFICATIONS = 3;

/**
 * While the live page is open: a notification and the reminder sound for each position a trader opens or
 * closes (TraderLiveChanged), with a button that shows that trader.
 */
export function useLiveNotifications(traders: readonly LiveTrader[] | undefined) {
  const { t } = useTranslation('trading');
  const { notification } = useFeedback();
  const choose = useChooseTrader();
  const names = useRef(new Map<number, string>());
  names.current = new Map((traders ?? []).map((trader) => [trader.id, trader.keyName]));
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  useEffect(
    () =>
      onTraderLiveChanged((change) => {
        const announcements = liveAnnouncements(change);
        if (announcements.length === 0) return;
        void playReminder();
        const locale = currentLocale();
        const trader = names.current.get(change.keyId) ?? `#${change.keyId}`;
        announcements.slice(0, MAX_NOTIFICATIONS).forEach((announcement, index) => {
          const key = `trader-live-${change.keyId}-${change.seq}-${index}`;
          notification.info({
            key,
            title: t(`live.notifications.${announcement.kind}`, { trader }),
            description: notificationText(announcement, locale, t),
            actions: (
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  notification.destroy(key);
                  chooseRef.current(change.keyId);
                }}
              >
                {t('live.notifications.view')}
              </Button>
            ),
            duration: 8,
            props: { 'data-testid': 'trader-live-notification' },
          });
        });
      }),
    [notification, t],
  );
}

function notificationText(
  announcement: LiveAnnouncement,
  locale: ReturnType<typeof currentLocale>,
  t: ReturnType<typeof useTranslation<'trading'>>['t'],
): string {
  if (announcement.kind === 'closed') {
    const { closed } = announcement;
    return t('live.notifications.closedText', {
      symbol: closed.symbol,
      side: directionLabel(closed.side === 'LONG' ? 1 : 0, locale),
      size: formatQuantity(locale, closed.size),
      pnl: formatAmount(locale, closed.realizedPnl, true),
    });
  }
  const { position } = announcement;
  const direction = positionDirection(position ?? { positionSide: announcement.positionSide, size: 0 });
  return t('live.notifications.openedText', {
    symbol: announcement.symbol,
    side: directionLabel(direction, locale),
    size: formatQuantity(locale, position ? Math.abs(position.size) : null),
    price: formatPrice(locale, position?.entryPrice),
  });
}
