import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { negativeBalanceRefusal } from './negative-balance.ts';

/**
 * Sends a change of someone's credit; when the server refuses it because the balance would go below 0, asks
 * the admin (with the balance before and after) and, if they agree, sends it again with `allowNegative`.
 * Answers null when the admin declines. Other failures are thrown as they came.
 */
export function useBelowZeroConfirmation() {
  const { modal } = useFeedback();
  const { t } = useTranslation('invitationAdmin');
  return async <T>(send: (allowNegative: boolean) => Promise<T>): Promise<T | null> => {
    try {
      return await send(false);
    } catch (error) {
      const refusal = negativeBalanceRefusal(error);
      if (!refusal) throw error;
      const confirmed = await modal.confirm({
        title: t('credit.negativeTitle'),
        content: t('credit.negativeText', {
          balance: refusal.balance.toLocaleString(),
          after: refusal.balanceAfter.toLocaleString(),
        }),
        okText: t('credit.negativeOk'),
        okButtonProps: { danger: true, 'data-testid': 'credit-negative-confirm' },
        cancelText: t('credit.cancel'),
      });
      return confirmed ? send(true) : null;
    }
  };
}
