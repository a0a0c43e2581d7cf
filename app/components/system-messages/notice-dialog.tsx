import { Button, Modal, Typography } from 'antd';
import type { SystemMessageDto } from '#shared/realtime.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatDateTime, publisherLabel } from './message-meta.ts';

/** A rolling notice in full (the bar downloads this dialog at its first click, not with the page). */
export function NoticeDialog({
  message,
  open,
  onClose,
}: {
  /** The message shown; kept while the dialog closes. */
  message: SystemMessageDto | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('live');
  return (
    <Modal
      open={open}
      title={message?.title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('messages.close')}
        </Button>
      }
    >
      {message ? (
        <>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{message.content}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {t('messages.meta', {
              publisher: publisherLabel(t, message.publishedUserName),
              time: formatDateTime(message.publishedTimestamp),
            })}
          </Typography.Text>
        </>
      ) : null}
    </Modal>
  );
}
