import { CheckOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';
import type { OnchainAdminAlert } from '#shared/schemas/onchain.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAlertAction } from './onchain-admin-api.ts';

/** A row's buttons: publish or discard a queued alert (first line), edit and delete (second). */
export function AlertActions({ alert, onEdit }: { alert: OnchainAdminAlert; onEdit: () => void }) {
  const { t } = useTranslation('onchainAdmin');
  const { message } = useFeedback();
  const action = useAlertAction();
  const pending = (name: 'publish' | 'discard') =>
    action.isPending && action.variables?.id === alert.id && action.variables.action === name;

  const run = async (name: 'publish' | 'discard') => {
    try {
      await action.mutateAsync({ id: alert.id, action: name });
      void message.success(name === 'publish' ? t('alerts.published') : t('alerts.discarded'));
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Flex vertical gap={6} align="flex-start">
      {alert.status === 'queued' && (
        <Flex gap={4} wrap>
          <Button
            type="primary"
            size="small"
            icon={<CheckOutlined />}
            loading={pending('publish')}
            onClick={() => void run('publish')}
            data-testid="alert-publish"
          >
            {t('alerts.publish')}
          </Button>
          <Popconfirm
            title={t('alerts.discardConfirm')}
            description={t('alerts.discardHint')}
            okText={t('alerts.discard')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, loading: pending('discard') }}
            onConfirm={() => run('discard')}
          >
            <Button size="small" icon={<StopOutlined />} data-testid="alert-discard">
              {t('alerts.discard')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
      <Flex gap={0} wrap>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="alert-edit">
          {t('common.edit')}
        </Button>
        <ConfirmDeleteButton
          title={t('alerts.deleteConfirm')}
          description={t('alerts.deleteHint')}
          deleteText={t('common.delete')}
          cancelText={t('common.cancel')}
          deletedText={t('alerts.deleted')}
          pending={action.isPending && action.variables?.action === 'delete'}
          remove={() => action.mutateAsync({ id: alert.id, action: 'delete' })}
          testId="alert-delete"
        />
      </Flex>
    </Flex>
  );
}
