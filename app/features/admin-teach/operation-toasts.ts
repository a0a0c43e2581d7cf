import { ApiError } from '../../lib/api-client.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/**
 * Spec §8: category saves say '操作成功！' or '操作失败！' ('Operation succeeded!' / 'Operation failed!');
 * a failure adds the server's reasons (the call itself is quiet), e.g. why a category cannot be deleted.
 */
export function useOperationToasts() {
  const { t } = useTranslation('teach');
  const { message } = useFeedback();
  return {
    succeeded: () => void message.success(t('types.operationSucceeded')),
    failed: (error?: unknown, reasons: readonly string[] = []) => {
      const all = [...(error instanceof ApiError ? error.messages : []), ...reasons];
      void message.error([t('types.operationFailed'), ...new Set(all)].join(' '));
    },
  };
}
