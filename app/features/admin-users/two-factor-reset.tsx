import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Tag } from 'antd';
import type { UserDetail } from '#shared/schemas/management.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useApiClient } from '../../lib/use-api.ts';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * The user detail's two-factor sign-in: on or off and, when on, turning it off for someone who lost their
 * authenticator and recovery codes (they set it up again). The server asks for a fresh code of the admin's
 * own authenticator first when theirs is older than 10 minutes (the back office's step-up dialog).
 */
export function TwoFactorReset({ user, self }: { user: UserDetail; self: boolean }) {
  const { t } = useTranslation('adminUsers');
  const api = useApiClient();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: () => api.post('/api/Management/ResetTwoFactor', { userId: user.userId }),
    onSuccess: async () => {
      void message.success(t('twoFactor.resetDone'));
      await queryClient.invalidateQueries();
    },
  });
  if (!user.twoFactorEnabled)
    return (
      <Tag variant="outlined" data-testid="detail-two-factor">
        {t('twoFactor.off')}
      </Tag>
    );
  return (
    <Flex gap={8} align="center" wrap>
      <Tag color="green" variant="outlined" data-testid="detail-two-factor">
        {t('twoFactor.on')}
      </Tag>
      {self ? null : (
        <Popconfirm
          title={t('twoFactor.resetTitle')}
          description={t('twoFactor.resetConfirm')}
          okText={t('twoFactor.reset')}
          okButtonProps={{ danger: true, 'data-testid': 'two-factor-reset-ok' }}
          onConfirm={() => reset.mutateAsync().catch(() => undefined)}
        >
          <Button size="small" danger loading={reset.isPending} data-testid="two-factor-reset">
            {t('twoFactor.reset')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
