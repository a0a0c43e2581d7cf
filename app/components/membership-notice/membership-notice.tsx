import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { useDismissMembershipNotice, usePendingMembershipNotice } from './membership-notice-api.ts';

// The dialog (antd Modal) loads only for the few people who have a notice: it stays out of the first load.
const MembershipNoticeDialog = lazy(async () => ({
  default: (await import('./membership-notice-dialog.tsx')).MembershipNoticeDialog,
}));

/**
 * The app shell's membership notice after sign-in: a reminder that the membership ends within 7 days or
 * 1 day, or, once, that it has ended (what the person lost, whom to contact). Closing it dismisses it on
 * the server, for every device. The public layout mounts it.
 */
export function MembershipNotice() {
  const auth = useAuth();
  const sub = auth.status === 'authenticated' ? auth.user?.sub : undefined;
  const pending = usePendingMembershipNotice(sub);
  const dismiss = useDismissMembershipNotice(sub);
  const notice = sub ? pending.data?.notice : null;
  if (!notice || !pending.data) return null;
  return (
    <Suspense fallback={null}>
      <MembershipNoticeDialog
        notice={notice}
        contact={pending.data.contact}
        onDismiss={() => dismiss.mutate(notice)}
      />
    </Suspense>
  );
}
