import { SoundOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, useCallback, useEffect } from 'react';
import { POPUP_NOTIFICATION_DURATION } from '#shared/constants.ts';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useFeedback } from '../../lib/feedback.tsx';
import { markDismissed, pendingPopups, rollingMessages } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useSystemMessages } from '../../lib/hub/hub-queries.ts';
import { playReminder } from '../../lib/reminder-sound.ts';
import { BRAND_COLORS, TEXT_COLORS } from '../../lib/theme.ts';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatDateTime, publisherLabel } from './message-meta.ts';
import { RollingNoticeBar } from './rolling-notice-bar.tsx';

export const popupKey = (messageId: number) => `system-message-${messageId}`;

/**
 * Popups on screen, per tab. It outlives the component: the notifications stay open while the person moves
 * between the public and admin layouts, and must neither open twice nor chime again.
 */
const popups = {
  sub: undefined as string | undefined,
  /** message id → what the open popup shows (re-drawn in place when the message is edited). */
  shown: new Map<number, string>(),
  /** Popups this code closed (pop flag turned off, message deleted): closing them is not a dismissal. */
  closing: new Set<number>(),
};

function useDismissPop(sub: string | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useCallback(
    (messageId: number) => {
      queryClient.setQueryData<SystemMessageDto[]>(hubKeys.systemMessages(sub), (current) =>
        markDismissed(current, messageId),
      );
      void api.post('/api/SystemMessage/DismissPop', { query: { messageId } }).catch(() => undefined);
    },
    [api, queryClient, sub],
  );
}

/** Pop-flagged messages as persistent notifications with the reminder sound, once per message per user. */
function usePopups(sub: string | undefined, messages: SystemMessageDto[] | undefined) {
  const { t, i18n } = useTranslation('live');
  const { notification } = useFeedback();
  const dismiss = useDismissPop(sub);
  const language = i18n.language;

  useEffect(() => {
    const close = (messageId: number) => {
      popups.shown.delete(messageId);
      popups.closing.add(messageId);
      notification.destroy(popupKey(messageId));
    };
    if (popups.sub !== sub) {
      for (const messageId of [...popups.shown.keys()]) close(messageId);
      popups.sub = sub;
    }
    if (!sub || !messages) return;

    const pending = pendingPopups(messages);
    const pendingIds = new Set(pending.map((message) => message.id));
    for (const messageId of [...popups.shown.keys()]) if (!pendingIds.has(messageId)) close(messageId);

    let opened = false;
    for (const message of pending) {
      const meta = t('messages.meta', {
        publisher: publisherLabel(t, message.publishedUserName),
        time: formatDateTime(message.publishedTimestamp),
      });
      const drawn = [language, message.title, message.content, meta].join('\n');
      if (popups.shown.get(message.id) === drawn) continue;
      if (!popups.shown.has(message.id)) opened = true;
      popups.shown.set(message.id, drawn);
      popups.closing.delete(message.id);
      notification.info({
        key: popupKey(message.id),
        icon: <SoundOutlined style={{ color: BRAND_COLORS.primary }} />,
        title: message.title,
        description: (
          <div>
            <div style={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflowY: 'auto' }}>{message.content}</div>
            <div style={{ marginTop: 8, fontSize: 12, color: TEXT_COLORS.muted }}>{meta}</div>
          </div>
        ),
        duration: POPUP_NOTIFICATION_DURATION,
        // Persistent, so kept clear of the header's language switch and account menu.
        placement: 'bottomRight',
        role: 'alert',
        props: { 'data-testid': 'system-message-popup' },
        onClose: () => {
          if (popups.closing.delete(message.id)) return;
          popups.shown.delete(message.id);
          dismiss(message.id);
        },
      });
    }
    if (opened) void playReminder();
  }, [sub, messages, notification, t, language, dismiss]);
}

/**
 * System messages for every signed-in person (spec §2, §4): the rolling notice bar above the content and
 * popups for pop-flagged messages, both live from the hub. The public and admin layouts mount it.
 */
export function SystemMessageCenter({ style }: { style?: CSSProperties }) {
  const auth = useAuth();
  const sub = auth.status === 'authenticated' ? auth.user?.sub : undefined;
  const messages = useSystemMessages({ load: false });
  usePopups(sub, sub ? messages.data : undefined);
  if (!sub) return null;
  return <RollingNoticeBar messages={rollingMessages(messages.data)} style={style} />;
}
