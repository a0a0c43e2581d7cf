import { Form, Input, Modal, Typography } from 'antd';
import { INVITATION_LIMITS } from '#shared/invitations.ts';
import { type AdminReward, reverseRewardRequest } from '#shared/schemas/invitations.ts';
import { useBelowZeroConfirmation } from '../../domains/credit/below-zero-confirmation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { applyFieldErrors, useRevalidateOnLanguageChange, zodRule } from '../../lib/form-rules.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { REVERSE_FIELDS, useReverseReward } from './invitation-admin-api.ts';
import { rewardLabel } from './reward-label.ts';

/** Asks for the reason of a reversal, then reverses (asking again if the inviter's points would go below 0). */
export function ReverseRewardModal({ reward, onClose }: { reward: AdminReward | null; onClose: () => void }) {
  const { t } = useTranslation('invitationAdmin');
  const { message } = useFeedback();
  const [form] = Form.useForm<{ reason: string }>();
  useRevalidateOnLanguageChange(form);
  const reverse = useReverseReward();
  const confirmBelowZero = useBelowZeroConfirmation();

  const submit = async () => {
    if (!reward) return;
    const { reason } = await form.validateFields();
    try {
      const done = await confirmBelowZero((allowNegative) =>
        reverse.mutateAsync({ id: reward.id, reason, ...(allowNegative ? { allowNegative } : {}) }),
      );
      if (!done) return;
      void message.success(t('reverse.done'));
      form.resetFields();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      applyFieldErrors(form, error.fieldErrors, REVERSE_FIELDS);
      for (const text of error.messages) void message.error(text);
    }
  };

  return (
    <Modal
      open={reward !== null}
      title={t('reverse.title')}
      okText={t('reverse.confirm')}
      cancelText={t('reverse.cancel')}
      okButtonProps={{ danger: true, loading: reverse.isPending, 'data-testid': 'reverse-confirm' }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {reward ? (
        <Typography.Paragraph data-testid="reverse-summary">
          {t('reverse.summary', {
            inviter: reward.inviter.email,
            invitee: reward.invitee.email,
            reward: rewardLabel(t, reward),
          })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} layout="vertical" requiredMark={false} data-testid="reverse-form">
        <Form.Item
          name="reason"
          label={t('reverse.reason')}
          rules={[zodRule(reverseRewardRequest.pick({ reason: true }), 'reason')]}
        >
          <Input.TextArea
            rows={3}
            maxLength={INVITATION_LIMITS.reasonMax}
            showCount
            placeholder={t('reverse.reasonPlaceholder')}
            data-testid="reverse-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
