import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import {
  type ComponentType,
  createContext,
  type Key,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

// Toasts, notifications and confirmation dialogs (antd's message, notification and modal, as antd's App gave
// them). What draws them (feedback-host.tsx) is downloaded when first needed: at the person's first click,
// touch or key press, or at the first call, whichever comes first. A page's first load does not carry it.
// Calls made before it is ready are kept and made in order once it is; if the download fails, the next call
// tries again, with the earlier calls still waiting.

type MessageKind = 'success' | 'error' | 'info' | 'warning';
type NotificationKind = 'success' | 'error' | 'info' | 'warning';
type ShowMessage = (content: ReactNode | MessageArgsProps, duration?: number) => void;
type ShowNotification = (config: NotificationArgsProps) => void;

/** What the host hands over once its holders are mounted (the part of antd's hook APIs the app uses). */
export type Feedback = {
  message: Record<MessageKind, ShowMessage>;
  notification: Record<NotificationKind, ShowNotification> & { destroy: (key?: Key) => void };
  /** Resolves true when the person confirmed, false when they cancelled. */
  modal: { confirm: (config: ModalFuncProps) => Promise<boolean> };
};

export type FeedbackHostProps = { onReady: (api: Feedback | null) => void };

const FeedbackContext = createContext<Feedback | null>(null);

/** The downloaded host, kept for the page's life once one provider has loaded it. */
let loadedHost: ComponentType<FeedbackHostProps> | null = null;

export function FeedbackProvider({ children }: { children: ReactNode }) {
  const api = useRef<Feedback | null>(null);
  const waiting = useRef<Array<(ready: Feedback) => void>>([]);
  const loading = useRef(false);
  const [Host, setHost] = useState<ComponentType<FeedbackHostProps> | null>(() => loadedHost);

  const load = useCallback(() => {
    if (loadedHost || loading.current) return;
    loading.current = true;
    import('./feedback-host.tsx').then(
      (module) => {
        loadedHost = module.FeedbackHost;
        setHost(() => module.FeedbackHost);
      },
      (error: unknown) => {
        // Offline or a new deployment: the calls stay queued and the next one tries again.
        loading.current = false;
        console.warn('feedback: could not load the toasts and dialogs', error);
      },
    );
  }, []);

  const onReady = useCallback((ready: Feedback | null) => {
    api.current = ready;
    if (!ready) return;
    for (const call of waiting.current.splice(0)) call(ready);
  }, []);

  const run = useCallback(
    (call: (ready: Feedback) => void) => {
      if (api.current) return call(api.current);
      waiting.current.push(call);
      load();
    },
    [load],
  );

  // The person's first click, touch or key press fetches the host, so that the toast which answers it is
  // ready when the answer comes.
  useEffect(() => {
    if (Host) return;
    const want = () => load();
    const options = { capture: true, passive: true } as const;
    for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, want, options);
    return () => {
      for (const type of ['pointerdown', 'keydown'] as const) window.removeEventListener(type, want, options);
    };
  }, [Host, load]);

  const feedback = useMemo<Feedback>(() => {
    const message =
      (kind: MessageKind): ShowMessage =>
      (content, duration) =>
        run((ready) => ready.message[kind](content, duration));
    const notification =
      (kind: NotificationKind): ShowNotification =>
      (config) =>
        run((ready) => ready.notification[kind](config));
    return {
      message: {
        success: message('success'),
        error: message('error'),
        info: message('info'),
        warning: message('warning'),
      },
      notification: {
        success: notification('success'),
        error: notification('error'),
        info: notification('info'),
        warning: notification('warning'),
        // Nothing is shown before the host is ready, so there is nothing to close unless calls are waiting.
        destroy: (key) => {
          if (api.current) api.current.notification.destroy(key);
          else if (waiting.current.length > 0)
            waiting.current.push((ready) => ready.notification.destroy(key));
        },
      },
      modal: {
        confirm: (config) =>
          new Promise<boolean>((resolve) =>
            run((ready) => {
              ready.modal.confirm(config).then(resolve);
            }),
          ),
      },
    };
  }, [run]);

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      {Host && <Host onReady={onReady} />}
    </FeedbackContext.Provider>
  );
}

/** The toasts, notifications and confirmation dialogs of the page (inside the app's providers). */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback must be used inside FeedbackProvider (the app providers)');
  return feedback;
}
