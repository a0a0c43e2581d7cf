import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangeSystemMessagePayload, SystemMessageDto } from '#shared/realtime.ts';
import type { addOrUpdateSystemMessageRequest } from '#shared/schemas/system-messages.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { applyChangeSystemMessage } from '../../lib/hub/hub-cache.ts';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// System messages of the admin console (/api/SystemMessage/...). The list is the same cache the hub keeps
// current, so each answer is applied to it at once and the hub's broadcast then agrees with it.

/** Form fields whose server errors are shown beside the inputs. */
export const MESSAGE_FIELDS = ['title', 'content', 'publishedUserName'] as const;

export type MessageFlag = 'roll' | 'pop';

const NO_CHANGE: ChangeSystemMessagePayload = {
  messagesToUpsert: [],
  popChanges: [],
  rollChanges: [],
  messagesToRemove: [],
};

function useApplyChange() {
  const queryClient = useQueryClient();
  const sub = useAuth().user?.sub;
  return (change: Partial<ChangeSystemMessagePayload>) =>
    queryClient.setQueryData<SystemMessageDto[]>(hubKeys.systemMessages(sub), (current) =>
      current ? applyChangeSystemMessage(current, { ...NO_CHANGE, ...change }) : current,
    );
}

/** POST /api/SystemMessage/AddOrUpdateSystemMessage: answers the saved message. */
export function useSaveMessage() {
  const api = useApiClient();
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (body: z.input<typeof addOrUpdateSystemMessageRequest>) =>
      api.post('/api/SystemMessage/AddOrUpdateSystemMessage', body, { formFields: MESSAGE_FIELDS }),
    onSuccess: (saved) => apply({ messagesToUpsert: [saved] }),
  });
}

/** POST /api/SystemMessage/UpdateSystemMessageIsRoll|IsPop?messageId&newValue. */
export function useSetMessageFlag() {
  const api = useApiClient();
  const apply = useApplyChange();
  return useMutation({
    mutationFn: ({ id, flag, value }: { id: number; flag: MessageFlag; value: boolean }) =>
      api.post(
        flag === 'roll'
          ? '/api/SystemMessage/UpdateSystemMessageIsRoll'
          : '/api/SystemMessage/UpdateSystemMessageIsPop',
        { query: { messageId: id, newValue: value ? 'true' : 'false' } },
      ),
    onSuccess: (_answer, { id, flag, value }) =>
      apply(
        flag === 'roll' ? { rollChanges: [{ id, isRoll: value }] } : { popChanges: [{ id, isPop: value }] },
      ),
  });
}

/** POST /api/SystemMessage/DeleteSystemMessage?messageId. */
export function useDeleteMessage() {
  const api = useApiClient();
  const apply = useApplyChange();
  return useMutation({
    mutationFn: (id: number) =>
      api.post('/api/SystemMessage/DeleteSystemMessage', { query: { messageId: id } }),
    onSuccess: (_answer, id) => apply({ messagesToRemove: [id] }),
  });
}
