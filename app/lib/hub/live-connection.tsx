import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useAuth, useAuthClient } from '../auth/auth-context.tsx';
import { useFeedback } from '../feedback.tsx';
import { playReminder } from '../reminder-sound.ts';
import { useTranslation } from '../use-translation.ts';
import type { HubStatus } from './hub-connection.ts';
import {
  acquireHub,
  closeHub,
  hubStatus,
  onAdvisoriesArrived,
  onImportantMedia,
  onLevelCrossed,
  subscribeHubStatus,
} from './hub-runtime.ts';

/** Where members read the support and pressure levels. */
export const PRESSURE_PATH = '/pressure';

/** Where members read media monitoring's stream. */
export const MEDIA_PATH = '/media';

/** Where members read the strategy feed (spec §2: Trading, /?type=2). */
export const ADVISORY_FEED_PATH = '/?type=2';

/** At most this many strategy notifications at once; a burst (a replay after a reconnect) shows the newest. */
const MAX_ARRIVAL_NOTIFICATIONS = 3;

/**
 * Keeps this tab connected to the real-time hub while someone is signed in (spec §1, §4) and announces
 * strategies pushed to the member: a notification with the reminder sound. Renders nothing; the public and
 * admin layouts mount it.
 */
export function LiveConnection() {
  const auth = useAuth();
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const sub = auth.status === 'authenticated' ? (auth.user?.sub ?? null) : null;

  useEffect(() => {
    if (!sub) return;
    return acquireHub({ queryClient, sub, getToken: () => client.getAccessToken() });
  }, [sub, queryClient, client]);

  useEffect(() => {
    if (auth.status === 'anonymous') closeHub();
  }, [auth.status]);

  useArrivalNotifications();
  useCrossingNotifications();
  useImportantMediaNotifications();
  return null;
}

/** Important media items arrived (keyword rules said so): one notification per read, with the reminder sound. */
function useImportantMediaNotifications() {
  const { t } = useTranslation('live');
  const { notification } = useFeedback();
  const navigate = useNavigate();

  useEffect(
    () =>
      onImportantMedia((items) => {
        const [newest] = items;
        if (!newest) return;
        void playReminder();
        const key = `media-important-${newest.id}`;
        notification.warning({
          key,
          title:
            items.length === 1 ? t('important.title') : t('important.titleMany', { count: items.length }),
          description: (
            <div>
              <div style={{ fontWeight: 600 }}>{newest.title}</div>
              <div style={{ color: 'rgba(0, 0, 0, 0.55)' }}>
                {[newest.source.title, ...newest.tags].join(' · ')}
              </div>
            </div>
          ),
          actions: (
            <Button
              type="primary"
              size="small"
              onClick={() => {
                notification.destroy(key);
                navigate(MEDIA_PATH);
              }}
            >
              {t('important.view')}
            </Button>
          ),
          duration: 0,
          props: { 'data-testid': 'media-important-notification' },
        });
      }),
    [notification, navigate, t],
  );
}

/** The live price crossed a level of a set the member watches: a notification with the reminder sound. */
function useCrossingNotifications() {
  const { t } = useTranslation('live');
  const { notification } = useFeedback();
  const navigate = useNavigate();

  useEffect(
    () =>
      onLevelCrossed((crossing) => {
        void playReminder();
        const key = `level-crossed-${crossing.eventId}`;
        const price = (value: number) => value.toLocaleString(undefined, { maximumFractionDigits: 8 });
        const which =
          `${crossing.direction}${crossing.kind === 'support' ? 'Support' : 'Resistance'}` as const;
        notification.warning({
          key,
          title: t(`crossed.${which}`, { symbol: crossing.symbol, level: price(crossing.level) }),
          description: t('crossed.text', { price: price(crossing.price) }),
          actions: (
            <Button
              type="primary"
              size="small"
              onClick={() => {
                notification.destroy(key);
                navigate(PRESSURE_PATH);
              }}
            >
              {t('crossed.view')}
            </Button>
          ),
          duration: 0,
          props: { 'data-testid': 'level-crossed-notification' },
        });
      }),
    [notification, navigate, t],
  );
}

function useArrivalNotifications() {
  const { t } = useTranslation('live');
  const { notification } = useFeedback();
  const navigate = useNavigate();

  useEffect(
    () =>
      onAdvisoriesArrived((arrived) => {
        void playReminder();
        for (const { advisory, edited } of arrived.slice(0, MAX_ARRIVAL_NOTIFICATIONS)) {
          const key = `advisory-${advisory.id}`;
          const traders = advisory.traders.map((trader) => trader.keyName).join(', ');
          notification.info({
            key,
            title: edited ? t('alerts.advisoryUpdated') : t('alerts.newAdvisory'),
            description: (
              <div>
                <div style={{ fontWeight: 600 }}>{advisory.title}</div>
                {traders ? <div style={{ color: 'rgba(0, 0, 0, 0.55)' }}>{traders}</div> : null}
              </div>
            ),
            actions: (
              <Button
                type="primary"
                size="small"
                onClick={() => {
                  notification.destroy(key);
                  navigate(ADVISORY_FEED_PATH);
                }}
              >
                {t('alerts.view')}
              </Button>
            ),
            duration: 10,
            props: { 'data-testid': 'advisory-notification' },
          });
        }
      }),
    [notification, navigate, t],
  );
}

/** The state of this tab's hub connection. */
export function useHubStatus(): HubStatus {
  return useSyncExternalStore(subscribeHubStatus, hubStatus, hubStatus);
}
