import { Modal, message, notification } from 'antd';
import { useEffect } from 'react';
import { TOAST_DURATION_SECONDS } from '#shared/constants.ts';
import type { FeedbackHostProps } from './feedback.tsx';

// The holders of antd's toasts, notifications and dialogs, inside the app's ConfigProvider (theme, locale,
// reduced motion), downloaded when first needed (feedback.tsx).

export function FeedbackHost({ onReady }: FeedbackHostProps) {
  const [messageApi, messageHolder] = message.useMessage({ duration: TOAST_DURATION_SECONDS, maxCount: 3 });
  const [notificationApi, notificationHolder] = notification.useNotification({
    placement: 'topRight',
    stack: { threshold: 3 },
  });
  const [modalApi, modalHolder] = Modal.useModal();

  // The holders are mounted before this effect runs, so calls made from here on are drawn.
  useEffect(() => {
    onReady({
      message: {
        success: (content, duration) => void messageApi.success(content, duration),
        error: (content, duration) => void messageApi.error(content, duration),
        info: (content, duration) => void messageApi.info(content, duration),
        warning: (content, duration) => void messageApi.warning(content, duration),
      },
      notification: notificationApi,
      modal: {
        confirm: (config) =>
          new Promise<boolean>((resolve) => {
            modalApi.confirm(config).then(resolve, () => resolve(false));
          }),
      },
    });
    return () => onReady(null);
  }, [onReady, messageApi, notificationApi, modalApi]);

  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
