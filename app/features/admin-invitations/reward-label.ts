import type { AdminReward } from '#shared/schemas/invitations.ts';
import type { TFunction } from '../../lib/translator.ts';

/** "50 points + 7 days", or that nothing was granted (rewards were off then). */
export function rewardLabel(
  t: TFunction<'invitationAdmin'>,
  reward: Pick<AdminReward, 'credit' | 'days'>,
): string {
  const parts = [
    ...(reward.credit > 0 ? [t('rewards.credit', { count: reward.credit })] : []),
    ...(reward.days > 0 ? [t('rewards.days', { count: reward.days })] : []),
  ];
  return parts.length ? parts.join(' + ') : t('rewards.nothing');
}
